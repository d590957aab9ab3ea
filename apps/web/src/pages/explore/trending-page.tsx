import { TrendingUpIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { Skeleton } from '@/shared/ui/skeleton';
import { useTrendingQuery } from './api/get-sub-pages';
import { TrendingCard } from './ui/trending-card';

/** /explore/trending: products by their link clicks of the last 7 days, two columns. */
export default function TrendingScreen() {
  const { t } = useTranslation();
  const trending = useTrendingQuery();
  return (
    <div className="flex flex-1 flex-col pb-8">
      <PageHeader title={t('screens.trending.title')} back="/explore" />
      {trending.isPending ? (
        <Skeleton className="mx-4 h-60" />
      ) : trending.isError ? (
        <LoadError title={t('explore.pageError')} onRetry={() => void trending.refetch()} />
      ) : trending.data.items.length === 0 ? (
        <EmptyState icon={<TrendingUpIcon />} title={t('explore.noTrending')} />
      ) : (
        <ul className="grid grid-cols-2 gap-2 px-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
          {trending.data.items.map((item) => (
            <li key={item.id} className="flex">
              <TrendingCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
