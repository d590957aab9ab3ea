import type { CountedPostPage } from '@sys/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ShirtIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PostGrid } from '@/features/posts/components/post-grid';
import { formatNumber } from '@/lib/intl';

/** An explore sub-page's posts: loading, error, 'N … found' (or '1,000+ … found') and a 2-column grid or its empty state. */
export function CountedPosts({
  page,
  countKey,
  emptyTitle,
}: {
  page: UseQueryResult<CountedPostPage>;
  /** 'N items found' or 'N posts found'; above the server's count cap, its '1,000+ …' form. */
  countKey: 'itemsFound' | 'postsFound';
  emptyTitle: string;
}) {
  const { t, i18n } = useTranslation();
  if (page.isPending) return <Skeleton className="mx-4 h-60" />;
  if (page.isError) return <p className="px-4 text-muted">{t('explore.error')}</p>;
  return (
    <div className="flex flex-col gap-3 px-4">
      <p role="status" className="text-sm text-muted">
        {page.data.totalCapped
          ? t(`explore.${countKey}Capped`, {
              formatted: formatNumber(i18n.resolvedLanguage, page.data.total),
            })
          : t(`explore.${countKey}`, { count: page.data.total })}
      </p>
      {page.data.items.length === 0 ? (
        <EmptyState icon={<ShirtIcon />} title={emptyTitle} />
      ) : (
        <PostGrid posts={page.data.items} columns={2} className="gap-2" />
      )}
    </div>
  );
}
