import { whenIdle } from '@/shared/lib/when-idle';

/**
 * Production only: in development the service worker would serve stale files while editing. Registered
 * once the page has loaded and the main thread is idle: the registration itself and the worker's install
 * (it fetches and caches the app's files) would otherwise compete with the first screen's render and
 * images (issue 20). Nothing needs the worker sooner: it serves the app from the second load on.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  };
  window.addEventListener('load', () => {
    whenIdle(register, 4000);
  });
}
