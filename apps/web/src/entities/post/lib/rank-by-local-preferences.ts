import {
  LOCAL_STORAGE_KEYS,
  type Post,
  parseStoredSwipeEvents,
  rankOutfits,
  scorableOutfit,
  swipedOutfitFromPost,
} from '@sys/shared';
import { readItem } from '@/shared/lib/local-storage';

/** Posts by the shared preference score over this browser's swipes (visitors and guests), best first. */
export function rankPostsByLocalPreferences(posts: readonly Post[]): Post[] {
  const events = parseStoredSwipeEvents(readItem(LOCAL_STORAGE_KEYS.swipeEvents));
  const scored = posts.map((post) => ({ post, ...scorableOutfit(swipedOutfitFromPost(post)) }));
  return rankOutfits(scored, events).map(({ post }) => post);
}
