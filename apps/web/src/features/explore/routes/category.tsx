import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useCategoryQuery } from '../api/get-sub-pages';
import { CountedPosts } from '../components/counted-posts';

/** /explore/category/{category}: '{category} Style', 'N posts found'. */
export default function CategoryScreen() {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const page = useCategoryQuery(category);
  const title = category.charAt(0).toLocaleUpperCase() + category.slice(1);
  return (
    <div className="flex flex-1 flex-col gap-3 pb-8">
      <PageHeader title={t('screens.category.title', { category: title })} back="/explore" />
      <CountedPosts page={page} countKey="postsFound" emptyTitle={t('explore.noCategoryPosts')} />
    </div>
  );
}
