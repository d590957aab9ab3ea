import { SearchXIcon, ShirtIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PostGrid } from '@/features/posts/components/post-grid';
import { ApiError } from '@/lib/api-client';
import { useBrandPageQuery } from '../api/get-sub-pages';

/** /explore/brands/{brandId}: the brand's posts, 'N items found', or 'Brand Not Found'. */
export default function BrandScreen() {
  const { t } = useTranslation();
  const { brandId = '' } = useParams();
  const page = useBrandPageQuery(brandId);
  const notFound = page.isError && page.error instanceof ApiError && [400, 404].includes(page.error.status);

  if (notFound) {
    return (
      <div className="flex flex-1 flex-col">
        <PageHeader title={t('screens.brand.title')} back="/explore/brands" />
        <EmptyState
          icon={<SearchXIcon />}
          title={t('explore.brandNotFound')}
          action={
            <Link to="/explore/brands" className={buttonClasses({ variant: 'outline' })}>
              {t('screens.brands.title')}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="flex flex-1 flex-col gap-3 pb-8">
      <PageHeader title={page.data?.brand.name ?? t('screens.brand.title')} back="/explore/brands" />
      {page.isPending ? (
        <Skeleton className="mx-4 h-60" />
      ) : page.isError ? (
        <p className="px-4 text-muted">{t('explore.error')}</p>
      ) : (
        <div className="flex flex-col gap-3 px-4">
          <p role="status" className="text-sm text-muted">
            {t('explore.itemsFound', { count: page.data.total })}
          </p>
          {page.data.items.length === 0 ? (
            <EmptyState icon={<ShirtIcon />} title={t('explore.noBrandItems')} />
          ) : (
            <PostGrid posts={page.data.items} columns={2} className="gap-2" />
          )}
        </div>
      )}
    </div>
  );
}
