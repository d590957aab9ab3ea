import type { PushLanguage } from '@sys/shared';
import { pushAskedFlag } from '@/shared/lib/local-storage';

/*
 * What the app's frame asks about Web Push on every screen, kept apart from the subscription code
 * (push-device.ts) and the prompt, so that neither reaches the entry chunk: a browser that cannot or may
 * not be asked never loads them.
 */

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The app was opened from the home screen (installed), not in a browser tab. */
export function isInstalledApp(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Whether this device may still ask: installed, able to push, never asked, the browser not yet answered. */
export function mayAskForPush(): boolean {
  return pushSupported() && isInstalledApp() && Notification.permission === 'default' && !pushAskedFlag.get();
}

export function pushLanguage(language: string | undefined): PushLanguage {
  return language?.startsWith('he') ? 'he' : 'en';
}
