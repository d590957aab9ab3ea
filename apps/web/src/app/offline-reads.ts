import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useViewer } from '@/entities/viewer/model/use-viewer';

/** What stays readable offline: posts (feeds, details, comments), profiles and conversations. */
const KEPT_ROOTS = new Set(['posts', 'profiles', 'messages']);

export function keptOffline(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && KEPT_ROOTS.has(queryKey[0]);
}

/**
 * Keeps the signed-in person's recent reads for offline use (shared/lib/offline-queries.ts). Its code and
 * IndexedDB are loaded only once someone is signed in, after the first screen.
 */
export function useOfflineReads(): void {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  useEffect(() => {
    if (viewerId === null) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('@/shared/lib/offline-queries')
      .then(({ keepReadsOffline }) => {
        if (!cancelled) stop = keepReadsOffline(queryClient, viewerId, keptOffline);
      })
      // Offline reading is a bonus: a chunk that fails to load leaves the app as it was.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, viewerId]);
}
