import { foldCase, STYLES } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { useCategoryQuery } from './api/get-sub-pages';
import { CountedPosts, NoPostsFound } from './ui/counted-posts';

/** /explore/category/{category}: '{category} Style', 'N posts found'. */
export default function CategoryScreen() {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const page = useCategoryQuery(category);
  const label = useOptionLabel();
  // The address holds the style in lower case ('plus size'): the style list's entry gives its real
  // spelling and translation ('Plus Size', Hebrew 'מידות גדולות'); an unknown one shows as addressed.
  const style = STYLES.find((entry) => foldCase(entry) === foldCase(category));
  const title = style ? label('styles', style) : category.charAt(0).toLocaleUpperCase() + category.slice(1);
  return (
    <div className="flex flex-1 flex-col gap-3 pb-8">
      <PageHeader title={t('screens.category.title', { category: title })} back="/explore" />
      <CountedPosts
        page={page}
        countKey="postsFound"
        empty={<NoPostsFound title={t('explore.noCategoryPosts')} />}
        errorTitle={t('explore.pageError')}
      />
    </div>
  );
}
