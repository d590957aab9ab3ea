import { PROFILE_FALLBACKS, type ProfileStats, type PublicProfile, truncateBio } from '@sys/shared';
import { UserRoundIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/lib/intl';
import { OwnImage } from '@/shared/ui/own-image';
import { Skeleton } from '@/shared/ui/skeleton';
import { Handle, UserName } from '@/shared/ui/user-name';

/** A profile's name as its heading, and its @username under it when it has one. */
export function ProfileNames({ name, username }: { name: string; username: string | null }) {
  return (
    <>
      <h2 dir="auto" className="text-xl font-bold text-ink">
        <UserName>{name}</UserName>
      </h2>
      {username ? (
        <p className="text-[13px] text-muted">
          <Handle username={username} />
        </p>
      ) : null}
    </>
  );
}

/** What a profile header shows, from the own profile, a public profile or the local guest profile. */
export interface ProfileView {
  avatarUrl: string | null;
  displayName: string | null;
  username: string | null;
  bio: string | null;
  size?: string;
  chest?: number;
  waist?: number;
  hip?: number;
}

/** What the header reads of a server profile: one's own (`Profile`) or another's (`PublicProfile`). */
type ServerProfile = Pick<PublicProfile, 'avatar_url' | 'display_name' | 'username' | 'bio' | 'size'> & {
  /** null (own profile) or absent (another's): never entered, or not shared; either way not shown. */
  chest_circumference?: number | null;
  waist_circumference?: number | null;
  hip_circumference?: number | null;
};

export function profileViewOf(profile: ServerProfile): ProfileView {
  return {
    avatarUrl: profile.avatar_url,
    displayName: profile.display_name,
    username: profile.username,
    bio: profile.bio,
    size: profile.size,
    chest: profile.chest_circumference ?? undefined,
    waist: profile.waist_circumference ?? undefined,
    hip: profile.hip_circumference ?? undefined,
  };
}

export interface ProfileSummaryProps {
  profile: ProfileView;
  stats: ProfileStats | undefined;
  /** The own profile shortens the bio to 20 characters (spec section 9). */
  truncate?: boolean;
  /** A note next to the measurements (the owner sees whether they are private). */
  measurementsNote?: ReactNode;
  /**
   * The viewer's own profile: without a name it greets them ('Hi Gorgeous'). Anyone else's profile
   * without a name shows its username instead.
   */
  own?: boolean;
}

/** The chest/waist/hip line needs all three values (spec section 2). */
export function hasAllMeasurements(profile: ProfileView): boolean {
  return profile.chest !== undefined && profile.waist !== undefined && profile.hip !== undefined;
}

function Count({ value, label, testId }: { value: number | undefined; label: string; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <div className="flex flex-1 flex-col-reverse items-center">
      <dt className="text-[13px] text-muted">{label}</dt>
      <dd className="text-lg font-bold text-ink tabular-nums" data-testid={testId}>
        {/* The skeleton is as tall as the number's line (text-lg: 28 px), so nothing moves when it comes. */}
        {value === undefined ? <Skeleton className="h-7 w-8" /> : formatNumber(i18n.resolvedLanguage, value)}
      </dd>
    </div>
  );
}

/**
 * A stored value, or the fallback in the interface language. A guest profile stores the English
 * fallbacks themselves ('Hi Gorgeous', 'Fashion stylist'), so those are shown translated too.
 */
function orFallback(value: string | null, fallback: string, translated: string): string {
  return value && value !== fallback ? value : translated;
}

/** Avatar, name, bio, counts, measurements and size of a profile. */
export function ProfileSummary({
  profile,
  stats,
  truncate = false,
  measurementsNote,
  own = false,
}: ProfileSummaryProps) {
  const { t } = useTranslation();
  const name = own
    ? orFallback(profile.displayName, PROFILE_FALLBACKS.displayName, t('profile.fallbackName'))
    : profile.displayName || profile.username || t('card.user');
  const bio = orFallback(profile.bio, PROFILE_FALLBACKS.bio, t('profile.fallbackBio'));
  return (
    <section
      aria-label={t('profile.summary')}
      className="flex flex-col items-center gap-3 px-4 pt-2 text-center"
    >
      <span className="flex size-24 items-center justify-center overflow-hidden rounded-full bg-subtle text-muted ring-2 ring-line">
        <OwnImage
          src={profile.avatarUrl}
          alt={t('profile.avatarAlt', { name })}
          className="size-full object-cover"
          fallback={<UserRoundIcon aria-hidden className="size-10" />}
        />
      </span>
      <div className="flex flex-col gap-0.5">
        <ProfileNames name={name} username={profile.username} />
        {/* The bio is the user's own text: its direction is its own, not the interface's. */}
        <p dir="auto" className="mt-1 text-[15px] text-ink">
          {truncate ? truncateBio(bio) : bio}
        </p>
      </div>
      <dl className="flex w-full max-w-xs">
        <Count value={stats?.posts_count} label={t('profile.posts')} testId="count-posts" />
        <Count value={stats?.followers_count} label={t('profile.followers')} testId="count-followers" />
        <Count value={stats?.following_count} label={t('profile.following')} testId="count-following" />
      </dl>
      {hasAllMeasurements(profile) || profile.size ? (
        <div className="flex flex-wrap items-center justify-center gap-2 text-[13px] text-muted">
          {hasAllMeasurements(profile) ? (
            <span data-testid="profile-measurements">
              {t('profile.measurementsLine', {
                chest: profile.chest,
                waist: profile.waist,
                hip: profile.hip,
              })}
            </span>
          ) : null}
          {profile.size ? (
            <span
              className="rounded-full bg-subtle px-2.5 py-0.5 font-medium text-ink"
              data-testid="profile-size"
            >
              {t('profile.sizeLabel', { size: profile.size })}
            </span>
          ) : null}
          {measurementsNote}
        </div>
      ) : null}
    </section>
  );
}

export function ProfileSummarySkeleton() {
  return (
    <div aria-hidden className="flex flex-col items-center gap-3 px-4 pt-2">
      <Skeleton className="size-24 rounded-full" />
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-12 w-64" />
    </div>
  );
}
