import { z } from 'zod';
import { ActivityKindSchema } from './activity.ts';

/*
 * Web Push (/api/v1/push, issue 19): a signed-in person's devices each keep one subscription; when an
 * Activity item is recorded for them, every subscription of theirs gets a notification in the language
 * the device was set to.
 */

/** The languages a notification can be written in (the web app's). */
export const PUSH_LANGUAGES = ['en', 'he'] as const;
export const PushLanguageSchema = z.enum(PUSH_LANGUAGES);
export type PushLanguage = z.infer<typeof PushLanguageSchema>;

/** The server's VAPID public key (base64url, uncompressed P-256 point), for `pushManager.subscribe`. */
export const PushPublicKeySchema = z.object({ public_key: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** What `PushSubscription.toJSON()` gives, plus the device's language. */
export const PushSubscriptionBodySchema = z.object({
  /** The push service's address for this device; https only (the server refuses others). */
  endpoint: z.url().max(2048),
  keys: z.object({
    /** The device's P-256 public key (65 bytes, base64url). */
    p256dh: base64url(128),
    /** The 16-byte authentication secret (base64url). */
    auth: base64url(64),
  }),
  language: PushLanguageSchema,
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushEndpointBodySchema = z.object({ endpoint: z.url().max(2048) });
export type PushEndpointBody = z.infer<typeof PushEndpointBodySchema>;

/** The answer to a subscription: this device's notifications are on. */
export const PushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof PushSubscriptionStateSchema>;

/** What one push carries to the service worker (encrypted for the device): ready to show. */
export const PushMessageSchema = z.object({
  /** The Activity item; opening the notification marks its group read. */
  item_id: z.uuid(),
  kind: ActivityKindSchema,
  title: z.string(),
  body: z.string(),
  /** The app path to open: the post, the follower's profile, the conversation, or /activity. */
  path: z.string().startsWith('/'),
  language: PushLanguageSchema,
  /**
   * The Activity group (`activity:` and its key): the service worker shows one notification per tag, so a
   * new like of the same post replaces the earlier one (with the group's sentence) and alerts again.
   */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
