import { apiRequest } from '@/shared/api/api-client';

/** POST /api/v1/items/{id}/click: counts a 'View Item' click (trending products). Never in the way. */
export function recordItemClick(itemId: string): void {
  apiRequest(`/items/${encodeURIComponent(itemId)}/click`, { method: 'POST' }).catch((error: unknown) => {
    console.warn('The item click was not recorded', error);
  });
}
