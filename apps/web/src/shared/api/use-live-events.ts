import type { LiveEvent, LiveEventType } from '@sys/shared';
import { useEffect, useRef } from 'react';
import { API_BASE, accessToken } from './api-client';

const EVENT_TYPES: readonly LiveEventType[] = [
  'profile.stats',
  'message.created',
  'unread.changed',
  'post.likes',
  'post.comments',
  'resync',
];

/** After the server closed the stream for good (401 of an expired token, say): wait, then reopen. */
const REOPEN_DELAY_MS = 5000;

export interface LiveEventsOptions {
  /** Profile ids whose stats to follow. */
  profiles?: readonly string[];
  /** Post ids whose likes and comments to follow (the server leaves out those the viewer may not see). */
  posts?: readonly string[];
  /** Also the signed-in user's messages and unread count (sends the access token). */
  withUser?: boolean;
  /** Off: no stream. */
  enabled?: boolean;
}

/**
 * Subscribes to GET /api/v1/events (server-sent events) while mounted. The browser's EventSource
 * reconnects by itself after a dropped connection; a stream the server refused (an expired token) is
 * reopened with a fresh token. `onEvent` may change between renders without reopening the stream.
 */
export function useLiveEvents(
  { profiles = [], posts = [], withUser = false, enabled = true }: LiveEventsOptions,
  onEvent: (event: LiveEvent) => void,
): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const profileList = [...profiles].sort().join(',');
  const postList = [...posts].sort().join(',');

  useEffect(() => {
    // No EventSource (an old browser, the test DOM): the screens still work, without live updates.
    if (!enabled || (!profileList && !postList && !withUser) || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = async () => {
      const params = new URLSearchParams();
      if (profileList) params.set('profiles', profileList);
      if (postList) params.set('posts', postList);
      if (withUser) {
        const token = await accessToken();
        if (!token && !profileList && !postList) return;
        if (token) params.set('access_token', token);
      }
      if (stopped) return;
      source = new EventSource(`${API_BASE}/events?${params}`);
      for (const type of EVENT_TYPES) {
        source.addEventListener(type, (message) => {
          try {
            handler.current(JSON.parse((message as MessageEvent<string>).data) as LiveEvent);
          } catch {
            // A malformed event is skipped; the next one carries fresh state anyway.
          }
        });
      }
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        // The browser gave up (a refused stream): reopen later, and catch up on what was missed.
        timer = setTimeout(() => {
          handler.current({ type: 'resync' });
          void open();
        }, REOPEN_DELAY_MS);
      };
    };
    void open();

    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, profileList, postList, withUser]);
}
