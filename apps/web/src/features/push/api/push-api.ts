import type {
  ActivityUnreadCount,
  PushPublicKey,
  PushSubscriptionBody,
  PushSubscriptionState,
} from '@sys/shared';
import { apiRequest } from '@/shared/api/api-client';

/** GET /api/v1/push/public-key: the server's VAPID key for pushManager.subscribe. */
export function getPushPublicKey(): Promise<PushPublicKey> {
  return apiRequest<PushPublicKey>('/push/public-key');
}

/** POST /api/v1/push/subscriptions: this device's subscription, kept for the signed-in person. */
export function saveSubscription(body: PushSubscriptionBody): Promise<PushSubscriptionState> {
  return apiRequest<PushSubscriptionState>('/push/subscriptions', { method: 'POST', body });
}

/** DELETE /api/v1/push/subscriptions: forget this device's subscription. */
export function deleteSubscription(endpoint: string): Promise<PushSubscriptionState> {
  return apiRequest<PushSubscriptionState>('/push/subscriptions', { method: 'DELETE', body: { endpoint } });
}

/** POST /api/v1/activity/items/{id}/read: a tapped notification's item (and its group) is read. */
export function markActivityItemRead(itemId: string): Promise<ActivityUnreadCount> {
  return apiRequest<ActivityUnreadCount>(`/activity/items/${encodeURIComponent(itemId)}/read`, {
    method: 'POST',
  });
}
