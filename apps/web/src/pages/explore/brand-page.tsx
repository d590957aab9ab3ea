import { SearchXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/shared/api/api-client';
import { buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { useBrandPageQuery } from './api/get-sub-pages';
import { CountedPosts, NoPostsFound } from './ui/counted-posts';

/** /explore/brands/{brandId}: the brand's posts, 'N items found', or 'Brand Not Found'. */
export default function BrandScreen() {
  const { t } = useTranslation();
  const { brandId = '' } = useParams();
  const page = useBrandPageQuery(brandId);
  const notFound =
    page.isError && !page.data && page.error instanceof ApiError && [400, 404].includes(page.error.status);

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
      <PageHeader
        title={page.data?.pages[0]?.brand.name ?? t('screens.brand.title')}
        titleDir={page.data?.pages[0]?.brand.name ? 'auto' : undefined}
        back="/explore/brands"
      />
      <CountedPosts
        page={page}
        countKey="itemsFound"
        empty={<NoPostsFound title={t('explore.noBrandItems')} />}
        errorTitle={t('explore.pageError')}
      />
    </div>
  );
}
