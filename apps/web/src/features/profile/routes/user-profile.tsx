import { LIMITS, type PublicProfile } from '@sys/shared';
import { GalleryVerticalEndIcon, Grid3x3Icon, UserRoundXIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAlbumsQuery } from '@/features/albums/api/get-albums';
import { AlbumCard, AlbumGrid, AlbumGridSkeleton } from '@/features/albums/components/album-card';
import { useProfilePostsQuery } from '@/features/posts/api/get-profile-posts';
import { PostGrid, PostGridSkeleton } from '@/features/posts/components/post-grid';
import { useViewer } from '@/features/posts/hooks/use-viewer';
import { showToast } from '@/features/posts/utils/toast';
import { ApiError } from '@/lib/api-client';
import { useProfileFollow } from '../api/follow-profile';
import { useProfileStatsQuery } from '../api/get-profile-stats';
import { usePublicProfileQuery } from '../api/get-public-profile';
import { ProfileSummary, ProfileSummarySkeleton, type ProfileView } from '../components/profile-summary';

function viewOf(profile: PublicProfile): ProfileView {
  return {
    avatarUrl: profile.avatar_url,
    displayName: profile.display_name,
    username: profile.username,
    bio: profile.bio,
    size: profile.size,
    chest: profile.chest_circumference,
    waist: profile.waist_circumference,
    hip: profile.hip_circumference,
  };
}

function FollowButton({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const { following, pending, toggle } = useProfileFollow(profile);
  return (
    <Button
      className="mx-auto w-40"
      variant={following ? 'outline' : 'primary'}
      aria-pressed={following}
      disabled={pending}
      onClick={toggle}
    >
      {following ? t('profile.unfollow') : t('profile.follow')}
    </Button>
  );
}

function UserPosts({ username }: { username: string }) {
  const { t } = useTranslation();
  const posts = useProfilePostsQuery(username);
  if (posts.isPending) return <PostGridSkeleton columns={3} count={3} />;
  const first = posts.data?.pages[0]?.items.slice(0, LIMITS.otherProfilePostsPreview) ?? [];
  if (first.length === 0)
    return <p className="py-6 text-center text-sm text-muted">{t('profile.noPosts')}</p>;
  return <PostGrid posts={first} columns={3} />;
}

function UserAlbums({ username }: { username: string }) {
  const { t } = useTranslation();
  const albums = useAlbumsQuery({ kind: 'profile', username });
  if (albums.isPending) return <AlbumGridSkeleton count={2} />;
  const items = albums.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0)
    return <p className="py-6 text-center text-sm text-muted">{t('profile.noAlbums')}</p>;
  return (
    <AlbumGrid>
      {items.map((album) => (
        <li key={album.id}>
          <AlbumCard album={album} to={`/album/${album.id}/posts`} showOwner={false} />
        </li>
      ))}
    </AlbumGrid>
  );
}

/** Another user's profile (/profile/{username}). */
export default function UserProfileScreen() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const { viewerId, isSignedIn } = useViewer();
  const profile = usePublicProfileQuery(username);
  const stats = useProfileStatsQuery(profile.data?.username ?? null, profile.data?.id);
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;
  const failed = profile.isError && !notFound;

  useEffect(() => {
    if (failed) void showToast('destructive', t('profile.publicLoadError'));
  }, [failed, t]);

  const header = <PageHeader title={`@${profile.data?.username ?? username}`} back="/explore" />;

  if (profile.isPending) {
    return (
      <>
        {header}
        <ProfileSummarySkeleton />
      </>
    );
  }
  if (notFound) {
    return (
      <>
        {header}
        <EmptyState
          icon={<UserRoundXIcon />}
          title={t('profile.notFound')}
          description={t('profile.notFoundDescription')}
          action={
            <Link to="/explore" className={buttonClasses()}>
              {t('profile.backToExplore')}
            </Link>
          }
        />
      </>
    );
  }
  if (profile.isError) {
    return (
      <>
        {header}
        <EmptyState
          title={t('profile.publicLoadError')}
          description={t('profile.loadErrorDescription')}
          action={<Button onClick={() => void profile.refetch()}>{t('profile.tryAgain')}</Button>}
        />
      </>
    );
  }

  const data = profile.data;
  const isSelf = viewerId === data.id;
  const profileName = data.username ?? username;

  return (
    <div className="pb-8">
      {header}
      <ProfileSummary profile={viewOf(data)} stats={stats.data} />
      <div className="mt-4 flex flex-col gap-3 px-4">
        {isSignedIn ? (
          isSelf ? null : (
            <FollowButton profile={data} />
          )
        ) : (
          <p className="rounded-2xl bg-subtle px-4 py-3 text-center text-sm text-ink">
            {t('profile.signUpToFollow')}
          </p>
        )}
      </div>
      <Tabs defaultValue="posts" className="mt-4">
        <TabsList>
          <TabsTrigger value="posts">
            <Grid3x3Icon aria-hidden className="size-4" />
            {t('profile.postsTab')}
          </TabsTrigger>
          <TabsTrigger value="albums">
            <GalleryVerticalEndIcon aria-hidden className="size-4" />
            {t('profile.albumsTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="posts" className="px-1">
          <UserPosts username={profileName} />
        </TabsContent>
        <TabsContent value="albums" className="px-4">
          <UserAlbums username={profileName} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
