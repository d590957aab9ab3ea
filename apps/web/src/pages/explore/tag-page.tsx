import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { useTagQuery } from './api/get-sub-pages';
import { CountedPosts, NoPostsFound } from './ui/counted-posts';

/** /tag/{tag}: '#tag', 'N posts found' (the ones the viewer may see), their grid, page by page. */
export default function TagScreen() {
  const { t } = useTranslation();
  const { tag = '' } = useParams();
  const name = tag.replace(/^#/, '');
  const page = useTagQuery(name);
  return (
    <div className="flex flex-1 flex-col gap-3 pb-8">
      {/* A hashtag is the poster's text, in any script: isolated so '#' stays at its start. */}
      <PageHeader title={t('screens.tag.title', { tag: `\u2068#${name}\u2069` })} back="/explore" />
      <CountedPosts
        page={page}
        countKey="postsFound"
        empty={<NoPostsFound title={t('explore.noTagPosts')} />}
        errorTitle={t('explore.pageError')}
      />
    </div>
  );
}
