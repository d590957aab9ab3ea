/**
 * Production only: in development the service worker would serve stale files while editing. Registered
 * at the load event: waiting for an idle moment after it instead was measured worse (Lighthouse mobile,
 * home's total blocking time 336-358 ms against 245-293 ms, bench/RESULTS.md, issue 20).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  });
}
