import { TagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { Skeleton } from '@/shared/ui/skeleton';
import { useBrandsQuery } from './api/get-sub-pages';

/** /explore/brands: every brand by its number of tagged items, each to its page. */
export default function BrandsScreen() {
  const { t } = useTranslation();
  const brands = useBrandsQuery();
  return (
    <div className="flex flex-1 flex-col pb-8">
      <PageHeader title={t('screens.brands.title')} back="/explore" />
      {brands.isPending ? (
        <Skeleton className="mx-4 h-40" />
      ) : brands.isError ? (
        <LoadError title={t('explore.pageError')} onRetry={() => void brands.refetch()} />
      ) : brands.data.items.length === 0 ? (
        <EmptyState icon={<TagIcon />} title={t('explore.noBrands')} />
      ) : (
        <ul className="flex flex-col divide-y divide-line px-4">
          {[...brands.data.items]
            .sort((a, b) => b.item_count - a.item_count)
            .map((brand) => (
              <li key={brand.id}>
                <Link
                  to={`/explore/brands/${brand.id}`}
                  className="flex min-h-14 items-center justify-between gap-3"
                >
                  <span className="font-semibold text-ink">{brand.name}</span>
                  <span className="text-sm text-muted">
                    {t('explore.itemCount', { count: brand.item_count })}
                  </span>
                </Link>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
