import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { deviceOnline, flushOutbox, type OutboxItem, openOutbox, outboxWaiting } from '@/shared/lib/outbox';
import { showToast } from '@/shared/ui/show-toast';

/** While something waits and the device seems online, the outbox is tried again this often. */
export const OUTBOX_RETRY_MS = 15_000;

const FAILED_KEY = {
  'post-like': 'outbox.failed.like',
  'post-save': 'outbox.failed.save',
  comment: 'outbox.failed.comment',
  message: 'outbox.failed.message',
} as const;
const failedKey = (kind: string) =>
  kind in FAILED_KEY ? FAILED_KEY[kind as keyof typeof FAILED_KEY] : FAILED_KEY['post-like'];

/**
 * Opens the signed-in person's outbox (shared/lib/outbox.ts) and sends what waits whenever the connection
 * returns; a write the server refuses for good is dropped with a toast saying which. After a run, posts and
 * messages are fetched again so the screen tells the truth. The senders' code (app/outbox-sender.ts) loads only once
 * someone is signed in.
 */
export function useOutbox(): void {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  const { t } = useTranslation();
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    if (viewerId === null) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    const onFinal = (item: OutboxItem) => {
      void showToast('destructive', translate.current(failedKey(item.kind)));
    };
    import('./outbox-sender')
      .then(({ outboxSender }) => {
        if (!cancelled) close = openOutbox(viewerId, outboxSender(queryClient, viewerId, onFinal));
      })
      // Without the senders nothing is sent: what waits stays in IndexedDB for the next load.
      .catch(() => undefined);
    // The browser's own event too: loaded offline, onlineManager thinks it is online and sees no change.
    const flush = () => void flushOutbox();
    window.addEventListener('online', flush);
    const unsubscribe = onlineManager.subscribe((online) => {
      if (online) flush();
    });
    const timer = setInterval(() => {
      if (outboxWaiting() && deviceOnline()) flush();
    }, OUTBOX_RETRY_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('online', flush);
      unsubscribe();
      close?.();
    };
  }, [queryClient, viewerId]);
}
