import {
  type PushMessage,
  type PushPublicKey,
  type PushSubscriptionBody,
  type PushSubscriptionState,
  truncateText,
} from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { VapidKeys } from './push.keys.ts';
import {
  type ClaimedItemRow,
  claimNewItems,
  deleteEndpoint,
  deleteOwnSubscription,
  findSubscriptions,
  type SubscriptionRow,
  upsertSubscription,
} from './push.repository.ts';
import { endpointProblem, type PushSender } from './push.send.ts';
import { PUSH_EXCERPT_LENGTH, PUSH_GROUP_TEXTS, PUSH_TEXTS } from './push.texts.ts';

/** Items older than this when their person is next told are not pushed any more (a backlog stays in Activity). */
export const PUSH_WINDOW_SECONDS = 600;
/** How long a push service keeps a notification for a device that is off (seconds). */
const PUSH_TTL_SECONDS = 24 * 3600;

export interface PushServiceDeps {
  db: Db;
  keys: VapidKeys;
  /** VAPID subject: mailto: or https: of whoever runs the server. */
  subject: string;
  /** PUSH_ALLOW_PRIVATE: http loopback endpoints (tests only). */
  allowPrivate: boolean;
  send: PushSender;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * Web Push (issue 19): each device's subscription, and a notification to each of a person's devices when
 * an Activity item is recorded for them. `notify` is called after the action committed and answered
 * nothing: the sending runs on its own, its failures are logged, and `idle()` waits for it (tests, stop).
 */
export class PushService {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: PushServiceDeps) {}

  publicKey(): PushPublicKey {
    return { public_key: this.deps.keys.publicKey };
  }

  async subscribe(userId: string, body: PushSubscriptionBody): Promise<PushSubscriptionState> {
    const problem = endpointProblem(body.endpoint, this.deps.allowPrivate);
    if (problem) {
      throw badRequest(`The push endpoint ${problem}`, [{ field: 'body.endpoint', message: problem }]);
    }
    if (Buffer.from(body.keys.p256dh, 'base64url').length !== 65) {
      throw badRequest('The device key is not a P-256 public key', [
        { field: 'body.keys.p256dh', message: 'must be 65 bytes' },
      ]);
    }
    if (Buffer.from(body.keys.auth, 'base64url').length < 16) {
      throw badRequest('The authentication secret is too short', [
        { field: 'body.keys.auth', message: 'must be 16 bytes' },
      ]);
    }
    await upsertSubscription(this.deps.db, {
      endpoint: body.endpoint,
      profile_id: userId,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      language: body.language,
    });
    return { subscribed: true };
  }

  /** Forgets this device's subscription (only one of the caller's own); answers the same either way. */
  async unsubscribe(userId: string, endpoint: string): Promise<PushSubscriptionState> {
    await deleteOwnSubscription(this.deps.db, userId, endpoint);
    return { subscribed: false };
  }

  /** Pushes the recipient's new Activity items to their devices, in the background. Never throws. */
  notify(recipientId: string): void {
    const work = Promise.resolve()
      .then(() => this.deliver(recipientId))
      .catch((error: unknown) => this.deps.log.warn({ err: error, recipientId }, 'push failed'))
      .finally(() => this.running.delete(work));
    this.running.add(work);
  }

  /** Resolves when every push started so far is done. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async deliver(recipientId: string): Promise<void> {
    const subscriptions = await findSubscriptions(this.deps.db, recipientId);
    if (subscriptions.length === 0) return;
    const items = await claimNewItems(this.deps.db, recipientId, PUSH_WINDOW_SECONDS);
    for (const item of items) {
      await Promise.all(subscriptions.map((subscription) => this.sendOne(subscription, item)));
    }
  }

  private async sendOne(subscription: SubscriptionRow, item: ClaimedItemRow): Promise<void> {
    const message = pushMessage(item, subscription.language);
    const details = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: {
          subject: this.deps.subject,
          publicKey: this.deps.keys.publicKey,
          privateKey: this.deps.keys.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const status = await this.deps.send({
        endpoint: details.endpoint,
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        body: details.body,
      });
      if (status === 404 || status === 410) {
        await deleteEndpoint(this.deps.db, subscription.endpoint);
        this.deps.log.info({ status }, 'push subscription gone: removed');
      } else if (status < 200 || status >= 300) {
        this.deps.log.warn({ status }, 'push service refused a notification');
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'push could not be sent');
    }
  }
}

/**
 * The notification one item makes, in the device's language, and the screen it opens. Its `tag` is the
 * item's Activity group: a new like of the same post replaces the earlier notification on the device with
 * the group's sentence ("maya.curves and 3 others liked your post") instead of stacking a second.
 */
export function pushMessage(item: ClaimedItemRow, language: 'en' | 'he'): PushMessage {
  const text = PUSH_TEXTS[language][item.kind];
  const name = item.actor_display_name?.trim() || item.actor_username;
  const others = Number(item.others ?? 0);
  const grouped = (PUSH_GROUP_TEXTS[language] as Partial<Record<string, { one: string; other: string }>>)[
    item.kind
  ];
  const sentence =
    grouped && others > 0
      ? (others === 1 ? grouped.one : grouped.other)
          .replace('{name}', name)
          .replace('{count}', new Intl.NumberFormat(language).format(others))
      : text.body.replace('{name}', name);
  const excerpt = item.comment_body ? truncateText(item.comment_body, PUSH_EXCERPT_LENGTH).text : null;
  let path = '/activity';
  if (item.kind === 'follow') path = `/profile/${encodeURIComponent(item.actor_username)}`;
  else if (item.conversation_id) path = `/messages?c=${encodeURIComponent(item.conversation_id)}`;
  else if (item.post_id) path = `/post/${item.post_id}`;
  return {
    item_id: item.id,
    kind: item.kind,
    title: text.title,
    body: excerpt ? `${sentence}\n${excerpt}` : sentence,
    path,
    language,
    tag: `activity:${item.group_key}`,
  };
}
