import {
  createSwipeEvent,
  type Post,
  type SwipeAction,
  type SwipeResult,
  swipedOutfitFromPost,
} from '@sys/shared';
import { apiRequest } from '@/shared/api/api-client';
import { storeLocalSwipeEvent } from '../lib/swipe-storage';

/** POST /api/v1/swipes: a signed-in user's swipe. */
export function postSwipe(event: ReturnType<typeof createSwipeEvent>): Promise<SwipeResult> {
  return apiRequest<SwipeResult>('/swipes', { method: 'POST', body: event });
}

/**
 * Records a swipe: on the server for a signed-in user, in local storage for everyone else. Never in the
 * way of swiping (spec section 8: swipe tracking errors are only logged).
 */
export function recordSwipe(post: Post, action: SwipeAction, signedIn: boolean): void {
  const event = createSwipeEvent(swipedOutfitFromPost(post), action);
  if (!signedIn) {
    storeLocalSwipeEvent(event);
    return;
  }
  postSwipe(event).catch((error: unknown) => console.warn('The swipe was not recorded', error));
}
