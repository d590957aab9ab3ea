import { ShirtIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PostGrid } from '@/features/posts/components/post-grid';
import { useCategoryQuery } from '../api/get-sub-pages';

/** /explore/category/{category}: '{category} Style', 'N posts found'. */
export default function CategoryScreen() {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const page = useCategoryQuery(category);
  const title = category.charAt(0).toLocaleUpperCase() + category.slice(1);
  return (
    <div className="flex flex-1 flex-col gap-3 pb-8">
      <PageHeader title={t('screens.category.title', { category: title })} back="/explore" />
      {page.isPending ? (
        <Skeleton className="mx-4 h-60" />
      ) : page.isError ? (
        <p className="px-4 text-muted">{t('explore.error')}</p>
      ) : (
        <div className="flex flex-col gap-3 px-4">
          <p role="status" className="text-sm text-muted">
            {t('explore.postsFound', { count: page.data.total })}
          </p>
          {page.data.items.length === 0 ? (
            <EmptyState icon={<ShirtIcon />} title={t('explore.noCategoryPosts')} />
          ) : (
            <PostGrid posts={page.data.items} columns={2} className="gap-2" />
          )}
        </div>
      )}
    </div>
  );
}
