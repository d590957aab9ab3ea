import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useProfilePostsQuery } from '@/entities/post/api/get-profile-posts';
import { PostGrid, PostGridSkeleton } from '@/entities/post/ui/post-grid';
import { usePublicProfileQuery } from '@/entities/profile/api/get-public-profile';
import { ApiError } from '@/shared/api/api-client';
import { useOnVisible } from '@/shared/lib/use-on-visible';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { NotFound } from '@/shared/ui/not-found';
import { isolated } from '@/shared/ui/user-name';
import { EmptyTabNote } from './ui/profile-tabs';

function AllPosts({ username }: { username: string }) {
  const { t } = useTranslation();
  const posts = useProfilePostsQuery(username);
  const data = useDeferredValue(posts.data);
  const more = posts.hasNextPage && !posts.isFetchingNextPage;
  const sentinel = useOnVisible<HTMLDivElement>(() => void posts.fetchNextPage(), more);
  if (posts.isPending || (posts.data && !data)) return <PostGridSkeleton columns={3} count={12} />;
  if (posts.isError && !data) {
    return <LoadError title={t('profile.postsLoadError')} onRetry={() => void posts.refetch()} />;
  }
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return <EmptyTabNote>{t('profile.noPosts')}</EmptyTabNote>;
  return (
    <>
      <PostGrid posts={items} columns={3} />
      {posts.hasNextPage ? (
        <div ref={sentinel} className="flex justify-center py-4">
          <Button
            variant="outline"
            size="sm"
            disabled={posts.isFetchingNextPage}
            onClick={() => void posts.fetchNextPage()}
          >
            {t('profile.showMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** /profile/{username}/posts: every post of another person, newest first, a page at a time. */
export default function UserPostsScreen() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const profile = usePublicProfileQuery(username);
  // Unknown (or blocked: the server then answers the posts 404 too) is the app's 404 screen.
  if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFound />;
  const name = profile.data?.username ?? username;
  return (
    <div className="pb-8">
      <PageHeader
        title={t('profile.allPostsTitle', { name: isolated(`@${name}`) })}
        back={`/profile/${encodeURIComponent(name)}`}
      />
      <div className="px-1">
        {profile.isError ? (
          <LoadError title={t('profile.publicLoadError')} onRetry={() => void profile.refetch()} />
        ) : profile.data?.is_blocked ? (
          <EmptyTabNote>{t('block.youBlockedDescription')}</EmptyTabNote>
        ) : profile.data ? (
          <AllPosts username={name} />
        ) : (
          <PostGridSkeleton columns={3} count={12} />
        )}
      </div>
    </div>
  );
}
