import type { CountedPostPage } from '@sys/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ShirtIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PostGrid } from '@/entities/post/ui/post-grid';
import { formatNumber } from '@/shared/lib/intl';
import { useOnVisible } from '@/shared/lib/use-on-visible';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { Skeleton } from '@/shared/ui/skeleton';

export type CountedPostsQuery = UseInfiniteQueryResult<InfiniteData<CountedPostPage>>;

/**
 * Posts with their count (search results, a brand's or a category's page): loading, an error with Try
 * again, 'N … found' (or '1,000+ … found' above the server's count cap), the grid or its empty state, and
 * the next page when the end comes near or on 'Load more posts', as the home feed does.
 */
export function CountedPosts({
  page,
  countKey,
  empty,
  errorTitle,
  columns = 2,
}: {
  page: CountedPostsQuery;
  /** 'N items found', 'N posts found' or 'N results'; each has its '1,000+ …' form (`…Capped`). */
  countKey: 'itemsFound' | 'postsFound' | 'resultsCount';
  /** What shows when nothing was found. */
  empty: ReactNode;
  errorTitle: string;
  columns?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const canLoadMore = page.hasNextPage && !page.isFetchingNextPage;
  const sentinel = useOnVisible<HTMLDivElement>(
    () => void page.fetchNextPage(),
    canLoadMore && !page.isError,
  );

  if (page.isPending) return <Skeleton className="mx-4 h-60" />;
  if (page.isError && !page.data) {
    return <LoadError className="px-4" title={errorTitle} onRetry={() => void page.refetch()} />;
  }
  const first = page.data.pages[0];
  const posts = page.data.pages.flatMap((each) => each.items);
  const total = first?.total ?? 0;
  return (
    <div className="flex flex-col gap-3 px-4">
      <p role="status" className="text-sm text-muted">
        {first?.total_capped
          ? t(`explore.${countKey}Capped`, { formatted: formatNumber(i18n.resolvedLanguage, total) })
          : t(`explore.${countKey}`, { count: total })}
      </p>
      {posts.length === 0 ? (
        empty
      ) : (
        <PostGrid posts={posts} columns={columns} className={columns === 2 ? 'gap-2' : undefined} />
      )}
      {page.hasNextPage ? (
        <div ref={sentinel} className="flex justify-center">
          <Button variant="ghost" disabled={!canLoadMore} onClick={() => void page.fetchNextPage()}>
            {t('feed.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The empty state of a brand's or category's page. */
export function NoPostsFound({ title }: { title: string }) {
  return <EmptyState icon={<ShirtIcon />} title={title} />;
}
