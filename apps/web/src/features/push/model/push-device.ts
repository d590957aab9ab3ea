import type { PushLanguage } from '@sys/shared';
import { deleteSubscription, getPushPublicKey, saveSubscription } from '../api/push-api';
import { pushSupported } from './push-support';

/*
 * This device's side of Web Push: whether it can, the browser's permission, and the subscription the
 * service worker holds (kept on the server for the person signed in, with the language to write in).
 */

export type PushAvailability = 'unsupported' | 'denied' | 'off' | 'on';

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const worker = await registration();
  return worker ? worker.pushManager.getSubscription() : null;
}

export async function pushAvailability(): Promise<PushAvailability> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function subscriptionBody(subscription: PushSubscription, language: PushLanguage) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    language,
  };
}

/** Asks the browser, subscribes this device and tells the server. Answers the state it ends in. */
export async function turnPushOn(language: PushLanguage): Promise<PushAvailability> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const worker = await navigator.serviceWorker.ready;
  let subscription = await worker.pushManager.getSubscription();
  if (!subscription) {
    const { public_key } = await getPushPublicKey();
    subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(public_key),
    });
  }
  await saveSubscription(subscriptionBody(subscription, language));
  return 'on';
}

/** Forgets this device's subscription on the server, then in the browser. */
export async function turnPushOff(): Promise<PushAvailability> {
  const subscription = await currentSubscription();
  if (subscription) {
    await deleteSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return pushAvailability();
}

/** The person changed the app's language: this device's notifications follow (when they are on). */
export async function updatePushLanguage(language: PushLanguage): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await saveSubscription(subscriptionBody(subscription, language));
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
