import type { LiveEvent, LiveEventType } from '@sys/shared';
import { useEffect, useRef } from 'react';
import { API_BASE, accessToken } from './api-client';

const EVENT_TYPES: readonly LiveEventType[] = [
  'profile.stats',
  'message.created',
  'message.deleted',
  'unread.changed',
  'activity.unread',
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

interface StreamParams {
  profileList: string;
  postList: string;
  withUser: boolean;
}

/**
 * Opens GET /api/v1/events (server-sent events) and hands every event to `deliver` until the returned
 * function is called. The browser's EventSource reconnects by itself after a dropped connection; a
 * stream the server refused (an expired token) is reopened with a fresh token.
 */
function openStream(
  { profileList, postList, withUser }: StreamParams,
  deliver: (event: LiveEvent) => void,
): () => void {
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
          deliver(JSON.parse((message as MessageEvent<string>).data) as LiveEvent);
        } catch {
          // A malformed event is skipped; the next one carries fresh state anyway.
        }
      });
    }
    source.onerror = () => {
      if (source?.readyState !== EventSource.CLOSED || stopped) return;
      // The browser gave up (a refused stream): reopen later, and catch up on what was missed.
      timer = setTimeout(() => {
        deliver({ type: 'resync' });
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
}

/**
 * The streams open now, by what they follow: components that ask for the same (the header's messages
 * badge and activity bell both ask for the signed-in user's) share one connection. A stream starts with
 * the current state (counts); a subscriber that joins later is handed the latest of each.
 */
interface SharedStream {
  listeners: Set<(event: LiveEvent) => void>;
  latest: Map<string, LiveEvent>;
  stop: () => void;
}
const openStreams = new Map<string, SharedStream>();

/** Which state an event carries, for the events that carry one (a count); null for the others. */
function stateKey(event: LiveEvent): string | null {
  switch (event.type) {
    case 'unread.changed':
    case 'activity.unread':
      return event.type;
    case 'profile.stats':
      return `${event.type}:${event.profile_id}`;
    case 'post.likes':
      return `${event.type}:${event.post_id}`;
    default:
      return null;
  }
}

/**
 * Subscribes to GET /api/v1/events while mounted; subscribers asking for the same share one stream.
 * `onEvent` may change between renders without reopening the stream.
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
    const key = JSON.stringify([profileList, postList, withUser]);
    let stream = openStreams.get(key);
    if (!stream) {
      const listeners = new Set<(event: LiveEvent) => void>();
      const latest = new Map<string, LiveEvent>();
      const stop = openStream({ profileList, postList, withUser }, (event) => {
        const state = stateKey(event);
        if (state) latest.set(state, event);
        for (const listener of [...listeners]) listener(event);
      });
      stream = { listeners, latest, stop };
      openStreams.set(key, stream);
    }
    const listener = (event: LiveEvent) => handler.current(event);
    const shared = stream;
    shared.listeners.add(listener);
    for (const event of shared.latest.values()) listener(event);
    return () => {
      shared.listeners.delete(listener);
      if (shared.listeners.size === 0) {
        shared.stop();
        if (openStreams.get(key) === shared) openStreams.delete(key);
      }
    };
  }, [enabled, profileList, postList, withUser]);
}
