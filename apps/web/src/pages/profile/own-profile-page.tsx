import { DEFAULT_PROFILE, type GuestProfile, isAdminRole } from '@sys/shared';
import {
  BanIcon,
  BellIcon,
  CameraIcon,
  EyeOffIcon,
  FlagIcon,
  FolderPlusIcon,
  HeartIcon,
  MessageCircleIcon,
  PencilIcon,
  Share2Icon,
  ShieldCheckIcon,
  SparklesIcon,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAlbumsQuery } from '@/entities/album/api/get-albums';
import { AlbumGridSkeleton } from '@/entities/album/ui/album-card';
import { useProfilePostsQuery } from '@/entities/post/api/get-profile-posts';
import { PostGrid, PostGridSkeleton } from '@/entities/post/ui/post-grid';
import { useMyProfileQuery } from '@/entities/profile/api/get-my-profile';
import { useProfileStatsQuery } from '@/entities/profile/api/get-profile-stats';
import {
  ProfileSummary,
  ProfileSummarySkeleton,
  type ProfileView,
  profileViewOf,
} from '@/entities/profile/ui/profile-summary';
import { useGuestProfile } from '@/entities/viewer/model/use-guest-profile';
import { useSession } from '@/entities/viewer/model/use-session';
import { useSignInRequired } from '@/entities/viewer/model/use-sign-in-required';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { CreateAlbumDialog } from '@/features/albums/ui/create-album-dialog';
import { lazyWithPreload } from '@/shared/lib/lazy';
import { shareLink } from '@/shared/lib/share';
import { Button, buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { showToast } from '@/shared/ui/show-toast';
import { EmptyTabNote, ProfileAlbumGrid, ProfileTabs } from './ui/profile-tabs';

const EditProfileDialog = lazyWithPreload(() => import('@/features/edit-profile/ui/edit-profile-dialog'));

/** Spec: 'Profile link copied!' stays 2 s. */
const LINK_COPIED_MS = 2000;

/** A guest's local profile, or the defaults for a visitor without one (spec: placeholder content). */
function viewOfGuest(guest: GuestProfile | null): ProfileView {
  return {
    avatarUrl: guest?.avatar_url ?? null,
    displayName: guest?.display_name ?? null,
    username: guest?.username ?? null,
    bio: guest?.bio ?? null,
    size: guest?.size ?? DEFAULT_PROFILE.size,
    chest: guest?.chest_circumference ?? DEFAULT_PROFILE.chestCircumference,
    waist: guest?.waist_circumference ?? DEFAULT_PROFILE.waistCircumference,
    hip: guest?.hip_circumference ?? DEFAULT_PROFILE.hipCircumference,
  };
}

function ComingSoonBanner() {
  const { t } = useTranslation();
  return (
    <aside className="mx-4 flex items-center gap-3 rounded-2xl bg-gradient-to-r from-accent-50 to-subtle p-4">
      <SparklesIcon aria-hidden className="size-6 shrink-0 text-accent-600" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{t('profile.monetize')}</p>
        <p className="text-[13px] text-muted">{t('profile.monetizeDescription')}</p>
      </div>
      <span className="shrink-0 rounded-full bg-ink px-2.5 py-1 text-[11px] font-bold tracking-wide text-surface">
        {t('profile.comingSoon')}
      </span>
    </aside>
  );
}

interface Actions {
  onEdit: () => void;
  onShare: () => void;
  onMessages: () => void;
}

function ProfileActions({ onEdit, onShare, onMessages }: Actions) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-3 gap-2 px-4">
      <Button variant="secondary" size="sm" onClick={onEdit}>
        <PencilIcon aria-hidden />
        {t('profile.editProfile')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onShare}>
        <Share2Icon aria-hidden />
        {t('profile.shareProfile')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onMessages}>
        <MessageCircleIcon aria-hidden />
        {t('profile.messages')}
      </Button>
    </div>
  );
}

function CreateFirstPost() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<CameraIcon />}
      title={t('profile.noPostsYet')}
      description={t('profile.noPostsDescription')}
      action={
        <Link to="/create-post" className={buttonClasses()}>
          {t('profile.createFirstPost')}
        </Link>
      }
    />
  );
}

function CreateAlbumButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" className="mb-4 w-full" onClick={onClick}>
      <FolderPlusIcon aria-hidden />
      {t('profile.createAlbum')}
    </Button>
  );
}

/** The signed-in user's own profile. */
function SignedInProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useMyProfileQuery();
  const username = profile.data?.username;
  const stats = useProfileStatsQuery(username, profile.data?.id);
  const posts = useProfilePostsQuery(username);
  const albums = useAlbumsQuery({ kind: 'mine' });
  const [editing, setEditing] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  const [creatingAlbum, setCreatingAlbum] = useState(false);

  if (profile.isPending) return <ProfileSummarySkeleton />;
  if (profile.isError) {
    return (
      <EmptyState
        title={t('profile.loadError')}
        description={t('profile.loadErrorDescription')}
        action={<Button onClick={() => void profile.refetch()}>{t('profile.tryAgain')}</Button>}
      />
    );
  }

  const share = async () => {
    const outcome = await shareLink({
      url: `${window.location.origin}/profile/${encodeURIComponent(username ?? '')}`,
      title: t('profile.shareTitle'),
    });
    if (outcome === 'copied')
      void showToast('success', t('profile.linkCopied'), { duration: LINK_COPIED_MS });
    else if (outcome === 'failed') void showToast('destructive', t('profile.shareFailed'));
  };

  const allPosts = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const allAlbums = albums.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <ProfileSummary
        own
        profile={profileViewOf(profile.data)}
        stats={stats.data}
        truncate
        measurementsNote={
          profile.data.measurements_public ? null : (
            <span className="inline-flex items-center gap-1">
              <EyeOffIcon aria-hidden className="size-3.5" />
              {t('profile.measurementsPrivate')}
            </span>
          )
        }
      />
      <div className="mt-4 flex flex-col gap-4">
        <ProfileActions
          onEdit={() => {
            setEditOpened(true);
            setEditing(true);
          }}
          onShare={() => void share()}
          onMessages={() => navigate('/messages')}
        />
        <ComingSoonBanner />
      </div>
      <ProfileTabs
        className="mt-2"
        posts={
          posts.isPending ? (
            <PostGridSkeleton columns={3} count={6} />
          ) : allPosts.length === 0 ? (
            <CreateFirstPost />
          ) : (
            <>
              <PostGrid posts={allPosts} columns={3} />
              {posts.hasNextPage ? (
                <div className="flex justify-center py-4">
                  <Button variant="outline" size="sm" onClick={() => void posts.fetchNextPage()}>
                    {t('profile.showMore')}
                  </Button>
                </div>
              ) : null}
            </>
          )
        }
        albums={
          <>
            <CreateAlbumButton onClick={() => setCreatingAlbum(true)} />
            {albums.isPending ? (
              <AlbumGridSkeleton />
            ) : allAlbums.length === 0 ? (
              <EmptyTabNote>{t('profile.noAlbums')}</EmptyTabNote>
            ) : (
              <ProfileAlbumGrid albums={allAlbums} />
            )}
          </>
        }
      />
      <CreateAlbumDialog open={creatingAlbum} onOpenChange={setCreatingAlbum} />
      {editOpened ? (
        <Suspense fallback={null}>
          <EditProfileDialog
            key={String(editing)}
            profile={profile.data}
            open={editing}
            onOpenChange={setEditing}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A guest's (or visitor's) own profile: placeholder content, and every action asks for an account. */
function GuestOwnProfile() {
  const { t } = useTranslation();
  const guest = useGuestProfile();
  const { prompt, dialog } = useRegistrationPrompt();
  const signInRequired = useSignInRequired();

  return (
    <>
      <ProfileSummary
        own
        profile={viewOfGuest(guest)}
        stats={{ posts_count: 0, followers_count: 0, following_count: 0 }}
        truncate
      />
      <div className="mt-4 flex flex-col gap-4">
        <ProfileActions onEdit={signInRequired} onShare={signInRequired} onMessages={signInRequired} />
        <ComingSoonBanner />
      </div>
      <ProfileTabs
        className="mt-2"
        posts={
          <EmptyState
            icon={<CameraIcon />}
            title={t('profile.noPostsYet')}
            description={t('profile.noPostsDescription')}
            action={
              <Button onClick={() => prompt(t('profile.prompt.upload'))}>
                {t('profile.createFirstPost')}
              </Button>
            }
          />
        }
        albums={
          <>
            <CreateAlbumButton onClick={() => prompt(t('profile.prompt.albums'))} />
            <EmptyTabNote>{t('profile.noAlbums')}</EmptyTabNote>
          </>
        }
      />
      {dialog}
    </>
  );
}

export default function OwnProfileScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  return (
    <div className="pb-8">
      <PageHeader
        title={t('profile.title')}
        menu={
          user
            ? [
                { to: '/explore/preferences', icon: HeartIcon, label: t('preferences.title') },
                { to: '/settings/security', icon: ShieldCheckIcon, label: t('security.title') },
                { to: '/settings/activity', icon: BellIcon, label: t('activitySettings.title') },
                { to: '/settings/blocked', icon: BanIcon, label: t('blockedPeople.title') },
                // Administrators only (the server checks again: the page shows non-administrators a refusal).
                ...(isAdminRole(user.role)
                  ? [{ to: '/settings/moderation', icon: FlagIcon, label: t('profile.moderationMenu') }]
                  : []),
              ]
            : undefined
        }
      />
      {isLoading ? <ProfileSummarySkeleton /> : user ? <SignedInProfile /> : <GuestOwnProfile />}
    </div>
  );
}
