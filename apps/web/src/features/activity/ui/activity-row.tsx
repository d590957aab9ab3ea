import type { ActivityItem } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorName } from '@/entities/post/lib/post-display';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { relativeTime } from '@/shared/lib/relative-time';
import { cn } from '@/shared/ui/cn';
import { OwnImage } from '@/shared/ui/own-image';
import { isolated } from '@/shared/ui/user-name';
import { VideoStill } from '@/shared/ui/video';

/** "maya.curves and 3 others liked your post", "noa commented on your post"... */
function useSentence(item: ActivityItem): string {
  const { t } = useTranslation();
  const first = item.actors[0];
  const name = isolated((first && authorName(first)) ?? t('card.user'));
  const others = item.actor_count - 1;
  switch (item.kind) {
    case 'like':
      return others > 0 ? t('activity.likedOthers', { name, count: others }) : t('activity.liked', { name });
    case 'follow':
      return others > 0
        ? t('activity.followedOthers', { name, count: others })
        : t('activity.followed', { name });
    case 'comment':
      return t('activity.commented', { name });
    case 'reply':
      return t('activity.replied', { name });
    case 'mention':
      return item.comment_id
        ? t('activity.mentionedInComment', { name })
        : t('activity.mentionedInPost', { name });
    case 'comment_like':
      return others > 0
        ? t('activity.likedCommentOthers', { name, count: others })
        : t('activity.likedComment', { name });
    case 'message':
      return t('activity.messaged', { name });
  }
}

/** Up to three overlapping avatars of the group's newest people. */
function Avatars({ item }: { item: ActivityItem }) {
  const shown = item.actors.slice(0, item.actor_count > 1 ? 2 : 1);
  return (
    <span className="relative flex size-11 shrink-0">
      {shown.map((actor, index) => (
        <AuthorAvatar
          key={actor.id}
          url={actor.avatar_url}
          className={cn(
            shown.length > 1 ? 'absolute size-8 ring-2 ring-surface' : 'size-11',
            shown.length > 1 && (index === 0 ? 'bottom-0 end-0 z-10' : 'top-0 start-0'),
          )}
        />
      ))}
    </span>
  );
}

/** One group of the viewer's activity: who, what, when, and the post it was about. */
export function ActivityRow({ item }: { item: ActivityItem }) {
  const { t, i18n } = useTranslation();
  const sentence = useSentence(item);
  const first = item.actors[0];
  const target = item.conversation_id
    ? `/messages?c=${encodeURIComponent(item.conversation_id)}`
    : item.post_id
      ? `/post/${item.post_id}`
      : first?.username
        ? `/profile/${encodeURIComponent(first.username)}`
        : null;
  const body = (
    <>
      <Avatars item={item} />
      <span className="min-w-0 flex-1">
        <span className="block text-[15px] leading-snug text-ink">
          {sentence}
          {item.comment_body ? (
            <span className="mt-0.5 line-clamp-2 block text-muted" dir="auto">
              {item.comment_body}
            </span>
          ) : null}
        </span>
        <span className="mt-0.5 block text-xs text-muted">
          {relativeTime(item.created_at, i18n.resolvedLanguage ?? 'en')}
          {item.read ? null : <span className="sr-only">{`, ${t('activity.unread')}`}</span>}
        </span>
      </span>
      {item.post_thumbnail_url ? (
        <span className="relative size-12 shrink-0 overflow-hidden rounded-md bg-subtle">
          {item.post_media_type === 'video' ? (
            <VideoStill src={item.post_thumbnail_url} label="" className="size-full object-cover" />
          ) : (
            <OwnImage
              src={item.post_thumbnail_url}
              alt=""
              className="size-full object-cover"
              loading="lazy"
              decoding="async"
            />
          )}
        </span>
      ) : null}
      {item.read ? null : <span aria-hidden className="size-2 shrink-0 rounded-full bg-accent-600" />}
    </>
  );
  const classes = cn('flex items-center gap-3 px-4 py-2.5', !item.read && 'bg-accent-50/60');
  return (
    <li>
      {target ? (
        <Link to={target} className={cn(classes, 'hover:bg-subtle')}>
          {body}
        </Link>
      ) : (
        <div className={classes}>{body}</div>
      )}
    </li>
  );
}
