import { ShirtIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useFeedQuery } from '../api/get-discovery-feed';
import type { FeedDescriptor } from '../api/post-keys';
import { useOnVisible } from '../hooks/use-on-visible';
import { OutfitCard } from './outfit-card';
import { OutfitCardSkeleton } from './outfit-card-skeleton';

const HOME: FeedDescriptor = { kind: 'home' };

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
  const sentinel = useOnVisible<HTMLDivElement>(() => void feed.fetchNextPage(), canLoadMore);

  if (feed.isPending) {
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

  const posts = feed.data.pages.flatMap((page) => page.items);
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
        aria-busy={feed.isFetching}
        aria-label={t('feed.label')}
        className="flex flex-col gap-4"
      >
        {posts.map((post, index) => (
          <OutfitCard key={post.id} post={post} priority={index === 0} position={index + 1} />
        ))}
      </div>
      {feed.isFetchingNextPage ? (
        <div role="status" aria-label={t('feed.loadingMore')}>
          <OutfitCardSkeleton />
        </div>
      ) : null}
      {feed.hasNextPage ? (
        <div ref={sentinel} className="flex justify-center">
          <Button variant="ghost" disabled={!canLoadMore} onClick={() => void feed.fetchNextPage()}>
            {t('feed.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
