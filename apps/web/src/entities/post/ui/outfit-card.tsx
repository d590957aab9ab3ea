import type { Post } from '@sys/shared';
import {
  BookmarkIcon,
  HeartIcon,
  MessageCircleIcon,
  PencilIcon,
  SendIcon,
  ShoppingBagIcon,
} from 'lucide-react';
import { type ComponentType, memo, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { MoreOptionsButton } from '@/entities/report/ui/more-options-button';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { formatNumber } from '@/shared/lib/intl';
import { lazyWithPreload, type PreloadableComponent } from '@/shared/lib/lazy';
import { shareLink } from '@/shared/lib/share';
import { buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { showToast } from '@/shared/ui/show-toast';
import { UserName } from '@/shared/ui/user-name';
import { useFollowAuthorMutation } from '../api/follow-author';
import { useLikePostMutation } from '../api/like-post';
import { followToasts } from '../lib/follow-toasts';
import { authorName } from '../lib/post-display';
import { PostMediaView } from './media-carousel';
import { PostCaption } from './post-caption';
import { PostChips } from './post-chips';

// What opens on a tap loads on demand, not with the feed.
const ItemsSheet = lazyWithPreload(() => import('./items-sheet'));

/** What a panel of the card gets: the post, and whether it is open. */
export interface PostPanelProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The card's buttons that open a feature: the screen hands them in (features sit above entities), as
 * lazy components, so they load on demand as before.
 */
export interface OutfitCardActions {
  /** The post's comments (features/comments). */
  CommentsSheet: PreloadableComponent<ComponentType<PostPanelProps>>;
  /** Save to the wishlist or an album (features/save-post). */
  SavePostDialog: PreloadableComponent<ComponentType<PostPanelProps>>;
}

type Panel = 'items' | 'comments' | 'save';

export interface OutfitCardProps {
  post: Post;
  actions: OutfitCardActions;
  /** The first card of a screen: its first photo loads at once. */
  priority?: boolean;
  /** Photos open the post (false on the post's own page). */
  linkToPost?: boolean;
  /** Extra owner actions next to Edit (Delete on the post page). */
  ownerActions?: ReactNode;
  /** Position in a role="feed" list (1-based). */
  position?: number;
  /**
   * `split`: from laptop width (xl) the media stands in a pane of its own beside the author, actions,
   * caption and items (the post's own page); else (and on narrower screens) one above the other.
   */
  layout?: 'stack' | 'split';
  className?: string;
}

const actionClasses =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2.5 text-[15px] font-medium text-ink ' +
  'transition-colors hover:bg-subtle [&_svg]:size-6 [&_svg]:shrink-0';

// In the split layout: the details pane, beside the media.
const splitDetails = 'xl:col-start-2 xl:ps-2';

function OutfitCardView({
  post,
  actions: { CommentsSheet, SavePostDialog },
  priority,
  linkToPost = true,
  ownerActions,
  position,
  layout = 'stack',
  className,
}: OutfitCardProps) {
  const { t, i18n } = useTranslation();
  const { viewerId, isSignedIn } = useViewer();
  const { prompt, dialog } = useRegistrationPrompt();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<Panel>>(new Set());
  const like = useLikePostMutation(post.id, () => void showToast('destructive', t('card.likeError')));
  const follow = useFollowAuthorMutation(post.author.id);

  const name = authorName(post.author) ?? t('card.user');
  const isOwner = viewerId !== null && viewerId === post.author.id;
  const headingId = `post-${post.id}-author`;

  const open = (next: Panel) => {
    setOpened((current) => new Set(current).add(next));
    setPanel(next);
  };
  const requireAccount = (action: string, then: () => void) => {
    if (isSignedIn) then();
    else prompt(action);
  };

  // Instagram's double tap: likes, never unlikes; a guest is asked to register, as by the like button.
  const likeByDoubleTap = () => {
    if (!isSignedIn) {
      prompt(t('card.prompt.like'));
      return false;
    }
    if (!post.liked_by_me) like.mutate(true);
    return true;
  };

  const toggleFollow = () => {
    const following = !post.following_author;
    follow.mutate(following, followToasts(t, following));
  };

  const share = async () => {
    const outcome = await shareLink({
      url: `${window.location.origin}/post/${post.id}`,
      title: t('card.shareTitle', { name }),
    });
    if (outcome === 'copied') void showToast('success', t('card.linkCopied'));
    else if (outcome === 'failed') void showToast('destructive', t('card.shareFailed'));
  };

  const panelProps = (which: Panel) => ({
    open: panel === which,
    onOpenChange: (isOpen: boolean) => setPanel(isOpen ? which : null),
  });

  return (
    <article
      data-post-card
      aria-labelledby={headingId}
      aria-posinset={position}
      aria-setsize={position === undefined ? undefined : -1}
      className={cn(
        'overflow-hidden bg-surface sm:rounded-2xl sm:shadow-card',
        // The DOM keeps its order (author, media, actions, caption), so reading order is unchanged.
        layout === 'split' &&
          'xl:mx-auto xl:grid xl:max-w-[62rem] xl:grid-cols-[minmax(0,1fr)_minmax(20rem,24rem)] xl:grid-rows-[auto_auto_1fr]',
        className,
      )}
    >
      <header className={cn('flex items-center gap-2 px-3 py-2', layout === 'split' && splitDetails)}>
        {post.author.username ? (
          <Link
            to={`/profile/${encodeURIComponent(post.author.username)}`}
            className="flex min-h-11 min-w-0 flex-1 items-center gap-2.5 rounded-lg"
          >
            <AuthorAvatar url={post.author.avatar_url} />
            <h2 id={headingId} dir="auto" className="truncate text-[15px] font-semibold text-ink">
              <UserName>{name}</UserName>
            </h2>
          </Link>
        ) : (
          <div className="flex min-h-11 min-w-0 flex-1 items-center gap-2.5">
            <AuthorAvatar url={post.author.avatar_url} />
            <h2 id={headingId} dir="auto" className="truncate text-[15px] font-semibold text-ink">
              <UserName>{name}</UserName>
            </h2>
          </div>
        )}
        {isOwner ? (
          <>
            {ownerActions}
            <Link
              to={`/edit-post/${post.id}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
              aria-label={t('card.editPost')}
            >
              <PencilIcon aria-hidden />
              {t('card.edit')}
            </Link>
          </>
        ) : (
          <button
            type="button"
            aria-pressed={post.following_author}
            onClick={() => requireAccount(t('card.prompt.follow'), toggleFollow)}
            className={buttonClasses({ size: 'sm', variant: post.following_author ? 'outline' : 'primary' })}
          >
            {post.following_author ? t('card.following') : t('card.follow')}
          </button>
        )}
        {isOwner ? null : (
          <MoreOptionsButton
            targetType="post"
            targetId={post.id}
            label={t('card.moreOptions', { name })}
            isSignedIn={isSignedIn}
            onNeedAccount={() => prompt(t('card.prompt.report'))}
          />
        )}
      </header>

      <div className={cn(layout === 'split' && 'xl:col-start-1 xl:row-span-3 xl:row-start-1 xl:self-start')}>
        <PostMediaView
          postId={post.id}
          media={post.media}
          authorName={name}
          linkToPost={linkToPost}
          priority={priority}
          onDoubleTap={likeByDoubleTap}
        />
      </div>

      <div className={cn('flex items-center px-1.5 pt-1', layout === 'split' && splitDetails)}>
        <button
          type="button"
          aria-pressed={post.liked_by_me}
          aria-label={t('card.like')}
          data-shortcut="like"
          onClick={() => requireAccount(t('card.prompt.like'), () => like.mutate(!post.liked_by_me))}
          className={cn(actionClasses, post.liked_by_me && 'text-accent-600')}
        >
          <HeartIcon
            aria-hidden
            className={cn(post.liked_by_me && 'fill-current motion-safe:animate-pop-in')}
          />
        </button>
        <span className="min-w-5 text-[15px] font-semibold tabular-nums" data-testid="like-count">
          <span aria-hidden>{formatNumber(i18n.resolvedLanguage, post.like_count)}</span>
          <span className="sr-only">{t('card.likeCount', { count: post.like_count })}</span>
        </span>
        <button
          type="button"
          aria-label={t('card.comments', { count: post.comment_count })}
          onPointerEnter={() => void CommentsSheet.preload()}
          // Everyone may read the comments; the sheet asks guests to register only to write one.
          onClick={() => open('comments')}
          className={cn(actionClasses, 'ms-1')}
        >
          <MessageCircleIcon aria-hidden className="rtl:-scale-x-100" />
          {post.comment_count > 0 ? (
            <span aria-hidden className="tabular-nums">
              {formatNumber(i18n.resolvedLanguage, post.comment_count)}
            </span>
          ) : null}
        </button>
        <button
          type="button"
          aria-label={t('card.share')}
          onClick={() => void share()}
          className={actionClasses}
        >
          <SendIcon aria-hidden className="rtl:-scale-x-100" />
        </button>
        <span className="flex-1" />
        {post.items.length > 0 ? (
          <button
            type="button"
            aria-label={t('card.items', { count: post.items.length })}
            onPointerEnter={() => void ItemsSheet.preload()}
            onClick={() => open('items')}
            className={actionClasses}
          >
            <ShoppingBagIcon aria-hidden />
            <span aria-hidden className="tabular-nums">
              {formatNumber(i18n.resolvedLanguage, post.items.length)}
            </span>
          </button>
        ) : null}
        <button
          type="button"
          aria-pressed={post.saved_by_me}
          aria-label={t('card.save')}
          data-shortcut="save"
          onPointerEnter={() => void SavePostDialog.preload()}
          onClick={() => requireAccount(t('card.prompt.save'), () => open('save'))}
          className={cn(actionClasses, post.saved_by_me && 'text-ink')}
        >
          <BookmarkIcon aria-hidden className={cn(post.saved_by_me && 'fill-current')} />
        </button>
      </div>

      <div
        className={cn(
          'flex flex-col gap-2.5 px-4 pt-1 pb-4',
          layout === 'split' && cn(splitDetails, 'xl:self-start'),
        )}
      >
        <PostCaption caption={post.caption} />
        <PostChips caption={post.caption} items={post.items} />
      </div>

      <Suspense fallback={null}>
        {opened.has('items') ? <ItemsSheet items={post.items} {...panelProps('items')} /> : null}
        {opened.has('comments') ? <CommentsSheet post={post} {...panelProps('comments')} /> : null}
        {opened.has('save') ? <SavePostDialog post={post} {...panelProps('save')} /> : null}
      </Suspense>
      {dialog}
    </article>
  );
}

/**
 * An outfit post: author, media, like/comment/share/items/save, caption and chips (spec section 2).
 * Memoised: a feed renders its cards in steps (use-progressive-count), and each step rendered every card
 * above it again, with the same post: 28 card renders for a first page of 10 (issue 20).
 */
export const OutfitCard = memo(OutfitCardView);
