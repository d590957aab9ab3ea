import {
  buildPreferenceCounters,
  LOCAL_STORAGE_KEYS,
  learnedPreferences,
  type Post,
  parseStoredPreferenceEntries,
  parseStoredSwipeEvents,
  rankOutfitsByCounters,
  scorableOutfit,
  swipedOutfitFromPost,
} from '@sys/shared';
import { readItem } from '@/shared/lib/local-storage';

/**
 * Posts by the shared preference score over this browser's swipes and what was said about them on the
 * preferences screen (visitors and guests), best first.
 */
export function rankPostsByLocalPreferences(posts: readonly Post[]): Post[] {
  const { events, adjustments } = learnedPreferences(
    parseStoredSwipeEvents(readItem(LOCAL_STORAGE_KEYS.swipeEvents)),
    parseStoredPreferenceEntries(readItem(LOCAL_STORAGE_KEYS.preferenceEntries)),
  );
  const scored = posts.map((post) => ({ post, ...scorableOutfit(swipedOutfitFromPost(post)) }));
  return rankOutfitsByCounters(scored, buildPreferenceCounters(events), adjustments).map(({ post }) => post);
}
