import {
  buildPreferenceCounters,
  type Deck,
  DISCOVERY_LIMITS,
  learnedPreferences,
  type Post,
  type PostPage,
  rankOutfitsByCounters,
  scorableOutfit,
  swipedOutfitFromPost,
} from '@sys/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { readLocalPreferenceEntries, readLocalSwipeEvents } from '../lib/swipe-storage';
import { swipeKeys } from './swipe-keys';

const LOCAL_CANDIDATES = 50;

/** GET /api/v1/swipes/deck: a signed-in user's deck, best match first (ranked on the server). */
export async function fetchServerDeck(signal?: AbortSignal): Promise<Post[]> {
  const deck = await apiRequest<Deck>('/swipes/deck', {
    query: { limit: DISCOVERY_LIMITS.deckSizeDefault },
    signal,
  });
  return deck.items;
}

/** Posts ranked by the shared scoring over the local swipes and preference entries (visitors and guests). */
export function rankPostsLocally(posts: readonly Post[]): Post[] {
  const scored = posts.map((post) => ({ post, ...scorableOutfit(swipedOutfitFromPost(post)) }));
  const { events, adjustments } = learnedPreferences(readLocalSwipeEvents(), readLocalPreferenceEntries());
  return rankOutfitsByCounters(scored, buildPreferenceCounters(events), adjustments).map(({ post }) => post);
}

/** The newest public posts ranked locally, without the ones already swiped. */
export async function fetchLocalDeck(signal?: AbortSignal): Promise<Post[]> {
  const page = await apiRequest<PostPage>('/posts', {
    query: { limit: LOCAL_CANDIDATES },
    auth: false,
    signal,
  });
  const swiped = new Set(readLocalSwipeEvents().map((event) => event.outfit_id));
  const fresh = page.items.filter((post) => !swiped.has(post.id));
  // Everything swiped already: swipe them again rather than show nothing.
  return rankPostsLocally(fresh.length > 0 ? fresh : page.items);
}

export function deckQueryOptions(viewerId: string | null) {
  return queryOptions({
    queryKey: swipeKeys.deck(viewerId),
    queryFn: ({ signal }) => (viewerId ? fetchServerDeck(signal) : fetchLocalDeck(signal)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** The outfits to swipe: the server's deck when signed in, the local ranking otherwise. */
export function useDeckQuery() {
  const { viewerId, isLoading } = useViewer();
  return useQuery({ ...deckQueryOptions(viewerId), enabled: !isLoading });
}
