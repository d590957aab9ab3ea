/**
 * Runs `work` when the browser next has nothing better to do, at the latest after `timeout` ms; where
 * there is no requestIdleCallback (Safari), after half of it. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, timeout: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(() => work(), { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, timeout / 2);
  return () => clearTimeout(handle);
}
