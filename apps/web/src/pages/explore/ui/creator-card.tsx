import type { Creator } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { formatNumber } from '@/shared/lib/intl';
import { Button } from '@/shared/ui/button';
import { Handle, UserName } from '@/shared/ui/user-name';

export interface CreatorCardProps {
  creator: Creator;
  /** Follow/Following; absent on the hub's compact list. */
  onToggleFollow?: () => void;
  following?: boolean;
}

/** A creator: avatar (to the profile), name, followers count, and a Follow button. */
export function CreatorCard({ creator, onToggleFollow, following }: CreatorCardProps) {
  const { t, i18n } = useTranslation();
  const name = creator.username ?? creator.display_name ?? t('card.user');
  const profile = `/profile/${encodeURIComponent(creator.username ?? '')}`;
  return (
    <article className="flex flex-col items-center gap-2 rounded-2xl border border-line p-3 text-center">
      <Link to={profile} className="rounded-full" aria-label={t('explore.openProfile', { name })}>
        <AuthorAvatar url={creator.avatar_url} className="size-16" />
      </Link>
      {/* One line, cut with an ellipsis at a whole character, never broken mid-word over two lines
          ("@amara.o" / "kafor" read as two names); the whole handle is the title. Left to right for a
          handle, so in Hebrew too its end is what gets cut. */}
      <h3
        dir={creator.username ? 'ltr' : 'auto'}
        title={creator.username ? `@${creator.username}` : name}
        className="w-full truncate text-[13px] leading-snug font-semibold text-ink"
      >
        {creator.username ? <Handle username={creator.username} /> : <UserName>{name}</UserName>}
      </h3>
      <p className="text-[13px] text-muted">
        {t('explore.followers', {
          count: creator.followers_count,
          formatted: formatNumber(i18n.resolvedLanguage, creator.followers_count),
        })}
      </p>
      {onToggleFollow ? (
        <Button
          size="sm"
          variant={following ? 'outline' : 'primary'}
          aria-pressed={following}
          onClick={onToggleFollow}
          className="w-full"
        >
          {following ? t('card.following') : t('card.follow')}
        </Button>
      ) : null}
    </article>
  );
}
