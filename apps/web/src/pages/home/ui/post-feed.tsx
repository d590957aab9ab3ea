import { ShirtIcon } from 'lucide-react';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedQuery } from '@/entities/post/api/get-discovery-feed';
import type { FeedDescriptor } from '@/entities/post/api/post-keys';
import { OutfitCard, type OutfitCardActions } from '@/entities/post/ui/outfit-card';
import { OutfitCardSkeleton } from '@/entities/post/ui/outfit-card-skeleton';
import { lazyWithPreload } from '@/shared/lib/lazy';
import { useOnVisible } from '@/shared/lib/use-on-visible';
import { Button, buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { useProgressiveCount } from '../lib/use-progressive-count';

const HOME: FeedDescriptor = { kind: 'home' };

// The card's comments and save buttons open features; their code loads on demand, as the card's own.
const CARD_ACTIONS: OutfitCardActions = {
  CommentsSheet: lazyWithPreload(() => import('./live-comments-sheet')),
  SavePostDialog: lazyWithPreload(() => import('@/features/save-post/ui/save-post-dialog')),
};

/**
 * Cards after the first start below the fold on a phone: the browser skips their layout and painting
 * (and their lazy photos) until they come near the viewport. Lighter first screen, same page: they are in
 * the DOM, the accessibility tree and find-in-page as before. Until measured, a card takes a height a
 * little over the tallest real one (about 830 px in the phone's column, 990 px from tablet width): one
 * shorter than its content lets the content spill over the next card wherever something measures it
 * unrendered (Lighthouse's desktop run found each skipped card's photo link covering the next card's
 * header, "target-size").
 */
const BELOW_THE_FOLD =
  '[content-visibility:auto] [contain-intrinsic-size:auto_840px] sm:[contain-intrinsic-size:auto_1000px]';

/** A feed of outfit cards (home by default), loading the next page as the end comes near. */
export function PostFeed({
  feed: descriptor = HOME,
  empty,
}: {
  feed?: FeedDescriptor;
  /** What an empty feed shows instead of 'No posts yet' (a feed that found nothing). */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const feed = useFeedQuery(descriptor);
  const canLoadMore = feed.hasNextPage && !feed.isFetchingNextPage && !feed.isError;
  // Pages arrive through TanStack Query's store, which React renders synchronously; deferred, the cards
  // render in a transition, in slices, and the skeleton stays until then.
  const data = useDeferredValue(feed.data);
  const posts = data?.pages.flatMap((page) => page.items) ?? [];
  // The first card (all a phone shows) first, the others two at a time after it.
  const shown = useProgressiveCount(posts.length, 1, 2);
  // The next page is asked for only once every card of this one is on the page.
  const allShown = shown === posts.length;
  const sentinel = useOnVisible<HTMLDivElement>(() => void feed.fetchNextPage(), canLoadMore && allShown);

  if (feed.isPending || (feed.data && !data)) {
    return (
      <div className="flex flex-col gap-4 sm:px-3">
        <p role="status" className="px-4 text-center text-sm text-muted">
          {t('feed.loading')}
        </p>
        <OutfitCardSkeleton />
        <OutfitCardSkeleton />
      </div>
    );
  }

  if (feed.isError && !feed.data) {
    return (
      <EmptyState
        icon={<ShirtIcon />}
        title={t('feed.error')}
        description={t('feed.errorDescription')}
        action={
          <Button variant="outline" onClick={() => void feed.refetch()}>
            {t('common.tryAgain')}
          </Button>
        }
      />
    );
  }

  if (posts.length === 0) {
    if (empty) return empty;
    return (
      <EmptyState
        icon={<ShirtIcon />}
        title={t('feed.empty')}
        description={t('feed.emptyDescription')}
        action={
          <Link to="/create-post" className={buttonClasses()}>
            {t('feed.createPost')}
          </Link>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-4 sm:px-3">
      <div
        role="feed"
        aria-busy={feed.isFetching || !allShown}
        aria-label={t('feed.label')}
        className="flex flex-col gap-4"
      >
        {posts.slice(0, shown).map((post, index) => (
          <OutfitCard
            key={post.id}
            post={post}
            actions={CARD_ACTIONS}
            priority={index === 0}
            position={index + 1}
            className={index === 0 ? undefined : BELOW_THE_FOLD}
          />
        ))}
      </div>
      {feed.isFetchingNextPage ? (
        <div role="status" aria-label={t('feed.loadingMore')}>
          <OutfitCardSkeleton />
        </div>
      ) : null}
      {feed.hasNextPage && allShown ? (
        <div ref={sentinel} className="flex justify-center">
          <Button variant="ghost" disabled={!canLoadMore} onClick={() => void feed.fetchNextPage()}>
            {t('feed.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
