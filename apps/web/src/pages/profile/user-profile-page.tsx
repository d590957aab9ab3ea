import { LIMITS, type PublicProfile } from '@sys/shared';
import { BanIcon, BellIcon, BellOffIcon, FlagIcon, MessageCircleIcon, UserRoundXIcon } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAlbumsQuery } from '@/entities/album/api/get-albums';
import { AlbumGridSkeleton } from '@/entities/album/ui/album-card';
import { useProfilePostsQuery } from '@/entities/post/api/get-profile-posts';
import { PostGrid, PostGridSkeleton } from '@/entities/post/ui/post-grid';
import { useProfileStatsQuery } from '@/entities/profile/api/get-profile-stats';
import { usePublicProfileQuery } from '@/entities/profile/api/get-public-profile';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import {
  ProfileNames,
  ProfileSummary,
  ProfileSummarySkeleton,
  profileViewOf,
} from '@/entities/profile/ui/profile-summary';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { useUnblock } from '@/features/block/model/use-unblock';
import { useOpenConversationMutation } from '@/features/messages/api/open-conversation';
import { useMuteStateQuery } from '@/features/mute/api/mute-profile';
import { useMute } from '@/features/mute/model/use-mute';
import { ApiError } from '@/shared/api/api-client';
import { lazyWithPreload } from '@/shared/lib/lazy';
import { Button, buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader, type PageMenuItem } from '@/shared/ui/layout/page-header';
import { showToast } from '@/shared/ui/show-toast';
import { Handle, isolated as isolate } from '@/shared/ui/user-name';
import { useProfileFollow } from './api/follow-profile';
import { EmptyTabNote, ProfileAlbumGrid, ProfileTabs } from './ui/profile-tabs';

const ReportDialog = lazyWithPreload(() => import('@/entities/report/ui/report-dialog'));
const BlockDialog = lazyWithPreload(() => import('@/features/block/ui/block-dialog'));

/**
 * Follow, and Message once the viewer follows them: it opens the conversation with them (the existing
 * one, or a new one; the server starts one only with someone the viewer follows).
 */
function ProfileActions({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { following, pending, toggle } = useProfileFollow(profile);
  const open = useOpenConversationMutation();
  const message = () =>
    open.mutate(profile.id, {
      onSuccess: (conversation) => navigate(`/messages?c=${encodeURIComponent(conversation.id)}`),
      onError: () => void showToast('destructive', t('profile.messageError')),
    });
  return (
    <div className="flex justify-center gap-2">
      <Button
        className="w-40"
        variant={following ? 'outline' : 'primary'}
        aria-pressed={following}
        disabled={pending}
        onClick={toggle}
      >
        {following ? t('profile.unfollow') : t('profile.follow')}
      </Button>
      {following ? (
        <Button className="w-40" variant="outline" disabled={pending || open.isPending} onClick={message}>
          <MessageCircleIcon aria-hidden className="rtl:-scale-x-100" />
          {t('profile.message')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Who someone the viewer blocked is (avatar and names, to know whom to unblock), and nothing of their
 * profile: the block dialog says "You no longer see each other's ... profile" (no bio, counts or
 * measurements, which the server no longer sends either).
 */
function BlockedProfileHeader({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const name = profile.display_name || profile.username || t('card.user');
  return (
    <section
      aria-label={t('profile.summary')}
      className="flex flex-col items-center gap-2 px-4 pt-2 text-center"
    >
      <AuthorAvatar url={profile.avatar_url} className="size-24 ring-2 ring-line" />
      <ProfileNames name={name} username={profile.username} />
    </section>
  );
}

/** What the viewer sees of someone they blocked: no posts, and the way back. */
function BlockedNotice({ profile, name }: { profile: PublicProfile; name: string }) {
  const { t } = useTranslation();
  const { pending, unblock } = useUnblock(profile.id, name);
  return (
    <div className="rounded-2xl bg-subtle px-4 py-4 text-center">
      <p className="text-[15px] font-semibold text-ink">{t('block.youBlocked', { name: isolate(name) })}</p>
      <p className="mt-1 text-sm text-muted">{t('block.youBlockedDescription')}</p>
      <Button className="mt-3" variant="outline" disabled={pending} onClick={unblock}>
        {t('block.unblock')}
      </Button>
    </div>
  );
}

function UserPosts({ username }: { username: string }) {
  const { t } = useTranslation();
  const posts = useProfilePostsQuery(username);
  // Rendered in a transition when they arrive (in slices), not in the query store's synchronous render.
  const data = useDeferredValue(posts.data);
  if (posts.isPending || (posts.data && !data)) return <PostGridSkeleton columns={3} count={3} />;
  const page = data?.pages[0];
  const first = page?.items.slice(0, LIMITS.otherProfilePostsPreview) ?? [];
  if (first.length === 0) return <EmptyTabNote>{t('profile.noPosts')}</EmptyTabNote>;
  // The spec shows three; the rest are a tap away.
  const hasMore = (page?.items.length ?? 0) > first.length || !!page?.next_cursor;
  return (
    <>
      <PostGrid posts={first} columns={3} />
      {hasMore ? (
        <div className="flex justify-center py-3">
          <Link
            to={`/profile/${encodeURIComponent(username)}/posts`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            {t('profile.seeAllPosts')}
          </Link>
        </div>
      ) : null}
    </>
  );
}

function UserAlbums({ username }: { username: string }) {
  const { t } = useTranslation();
  const albums = useAlbumsQuery({ kind: 'profile', username });
  if (albums.isPending) return <AlbumGridSkeleton count={2} />;
  const items = albums.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return <EmptyTabNote>{t('profile.noAlbums')}</EmptyTabNote>;
  return <ProfileAlbumGrid albums={items} />;
}

/** Another user's profile (/profile/{username}). */
export default function UserProfileScreen() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const { viewerId, isSignedIn } = useViewer();
  const profile = usePublicProfileQuery(username);
  const { prompt, dialog } = useRegistrationPrompt();
  const [openDialog, setOpenDialog] = useState<'report' | 'block' | null>(null);
  // Someone the viewer blocked: no counts (the server answers them 404 across a block).
  const counted = profile.data && !profile.data.is_blocked ? profile.data : undefined;
  const stats = useProfileStatsQuery(counted?.username ?? null, counted?.id);
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;
  const failed = profile.isError && !notFound;

  useEffect(() => {
    if (failed) void showToast('destructive', t('profile.publicLoadError'));
  }, [failed, t]);

  const other = profile.data && profile.data.id !== viewerId ? profile.data : null;
  const displayName = other?.username ?? other?.display_name ?? username;
  const { unblock } = useUnblock(other?.id ?? '', displayName);
  // Muting is private: only the viewer's own answer says whether they muted this person.
  const muteState = useMuteStateQuery(other?.id ?? null);
  const muted = muteState.data?.muted === true;
  const { mute, unmute } = useMute(other?.id ?? '', displayName);
  const signedInOr = (action: string, then: () => void) => (isSignedIn ? then() : prompt(action));
  const menu: PageMenuItem[] | undefined = other
    ? [
        {
          label: t('report.actionUser'),
          icon: FlagIcon,
          onSelect: () => signedInOr(t('block.prompt.report'), () => setOpenDialog('report')),
        },
        {
          label: muted ? t('mute.unmute') : t('mute.action'),
          icon: muted ? BellIcon : BellOffIcon,
          onSelect: () => signedInOr(t('mute.prompt'), () => (muted ? unmute() : mute())),
        },
        {
          label: other.is_blocked ? t('block.unblock') : t('block.action'),
          icon: BanIcon,
          onSelect: () =>
            signedInOr(t('block.prompt.block'), () =>
              other.is_blocked ? unblock() : setOpenDialog('block'),
            ),
        },
      ]
    : undefined;

  const header = (
    <PageHeader
      title={<Handle username={profile.data?.username ?? username} />}
      titleDir="ltr"
      back="/explore"
      menu={menu}
    />
  );

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

  const dialogs = (
    <>
      {dialog}
      <Suspense fallback={null}>
        {openDialog === 'report' ? (
          <ReportDialog
            open
            onOpenChange={(open) => setOpenDialog(open ? 'report' : null)}
            targetType="user"
            targetId={data.id}
          />
        ) : null}
        {openDialog === 'block' ? (
          <BlockDialog
            open
            onOpenChange={(open) => setOpenDialog(open ? 'block' : null)}
            profileId={data.id}
            name={displayName}
          />
        ) : null}
      </Suspense>
    </>
  );

  if (data.is_blocked) {
    return (
      <div className="pb-8">
        {header}
        {dialogs}
        <BlockedProfileHeader profile={data} />
        <div className="mt-4 px-4">
          <BlockedNotice profile={data} name={displayName} />
        </div>
      </div>
    );
  }

  return (
    <div className="pb-8">
      {header}
      {dialogs}
      <ProfileSummary profile={profileViewOf(data)} stats={stats.data} />
      <div className="mt-4 flex flex-col gap-3 px-4">
        {isSignedIn ? (
          isSelf ? null : (
            <ProfileActions profile={data} />
          )
        ) : (
          <p className="rounded-2xl bg-subtle px-4 py-3 text-center text-sm text-ink">
            {t('profile.signUpToFollow')}
          </p>
        )}
      </div>
      <ProfileTabs
        className="mt-4"
        posts={<UserPosts username={profileName} />}
        albums={<UserAlbums username={profileName} />}
      />
    </div>
  );
}
