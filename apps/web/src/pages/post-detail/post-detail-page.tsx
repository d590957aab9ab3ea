import type { Post } from '@sys/shared';
import { ShirtIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isNotFound, usePostQuery } from '@/entities/post/api/get-post';
import { useProfilePostsQuery } from '@/entities/post/api/get-profile-posts';
import { usePostLiveUpdates } from '@/entities/post/api/use-post-live-updates';
import { authorName } from '@/entities/post/lib/post-display';
import { MediaFrame } from '@/entities/post/ui/media-frame';
import { OutfitCard, type OutfitCardActions } from '@/entities/post/ui/outfit-card';
import { OutfitCardSkeleton } from '@/entities/post/ui/outfit-card-skeleton';
import { useDeletePost } from '@/features/post-form/model/use-delete-post';
import { lazyWithPreload } from '@/shared/lib/lazy';
import { Button, buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconButton } from '@/shared/ui/icon-button';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { Skeleton } from '@/shared/ui/skeleton';
import { HandleText } from '@/shared/ui/tagged-text';

// Only the author can delete, so the confirmation (a Radix dialog, ~13 kB gzip with its focus trap and
// scroll lock) loads when the delete button is pointed at or focused, not with every visitor's first screen.
const DeletePostDialog = lazyWithPreload(() =>
  import('@/features/post-form/ui/delete-post-dialog').then((module) => ({
    default: module.DeletePostDialog,
  })),
);

// The card's comments and save buttons open features; their code loads on demand, as the card's own.
const CARD_ACTIONS: OutfitCardActions = {
  CommentsSheet: lazyWithPreload(() => import('@/features/comments/ui/comments-sheet')),
  SavePostDialog: lazyWithPreload(() => import('@/features/save-post/ui/save-post-dialog')),
};

/** 'More from @{username}': the author's other posts in a grid, with their count. */
function MoreFromAuthor({ post }: { post: Post }) {
  const { t } = useTranslation();
  const username = post.author.username;
  const posts = useProfilePostsQuery(username);
  // Up to 30 thumbnails: rendered in a transition when they arrive (see the post itself below).
  const data = useDeferredValue(posts.data);
  if (!username) return null;
  if (posts.isPending || (posts.data && !data)) {
    return (
      <div aria-hidden className="grid grid-cols-3 gap-1 px-4 md:grid-cols-4 xl:grid-cols-6">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="aspect-[4/5] rounded-lg" />
        ))}
      </div>
    );
  }
  const others = (data?.pages.flatMap((page) => page.items) ?? []).filter((other) => other.id !== post.id);
  if (others.length === 0) return null;
  const more = posts.hasNextPage ? '+' : '';

  return (
    <section
      aria-labelledby="more-from"
      // Below the post on a phone: laid out and painted when it comes near the viewport.
      className="flex flex-col gap-3 px-4 [content-visibility:auto] [contain-intrinsic-size:auto_600px]"
    >
      <h2 id="more-from" className="flex items-baseline gap-2 text-lg font-semibold text-ink">
        <span>
          <HandleText i18nKey="postDetail.moreFrom" username={username} />
        </span>
        <span className="text-sm font-normal text-muted">
          {t('postDetail.morePosts', { count: others.length, more })}
        </span>
      </h2>
      <ul className="grid grid-cols-3 gap-1 md:grid-cols-4 xl:grid-cols-6">
        {others.map((other) => {
          const first = other.media[0];
          return (
            <li key={other.id}>
              <Link
                to={`/post/${other.id}`}
                className="block overflow-hidden rounded-lg"
                aria-label={t('postDetail.openPost', { name: authorName(other.author) ?? t('card.user') })}
              >
                {first ? <MediaFrame media={first} alt="" /> : <div className="aspect-[4/5] bg-subtle" />}
              </Link>
            </li>
          );
        })}
      </ul>
      {posts.hasNextPage ? (
        <Button
          variant="ghost"
          disabled={posts.isFetchingNextPage}
          onClick={() => void posts.fetchNextPage()}
        >
          {t('postDetail.showMore')}
        </Button>
      ) : null}
    </section>
  );
}

export default function PostDetailScreen() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  const query = usePostQuery(postId);
  // Others' likes and comments show up while the post is open (its comments sheet included).
  usePostLiveUpdates(postId || undefined);
  // The post arrives through TanStack Query's store, which React renders synchronously: a phone spent
  // ~200 ms on it in one piece. Deferred, the card renders in a transition, in slices; the skeleton
  // stays until then.
  const post = useDeferredValue(query.data);
  const [confirming, setConfirming] = useState(false);
  const { remove, isPending } = useDeletePost();

  let content: ReactNode;
  if (post) {
    content = (
      <div className="flex flex-col gap-6">
        {/* A tablet shows the post at the feed's width; a laptop, in two panes. */}
        <div className="sm:px-3 md:mx-auto md:w-full md:max-w-feed xl:max-w-none">
          <OutfitCard
            post={post}
            actions={CARD_ACTIONS}
            priority
            linkToPost={false}
            layout="split"
            ownerActions={
              <IconButton
                aria-label={t('deletePost.title')}
                onClick={() => setConfirming(true)}
                onPointerEnter={() => void DeletePostDialog.preload()}
                onFocus={() => void DeletePostDialog.preload()}
              >
                <Trash2Icon aria-hidden />
              </IconButton>
            }
          />
        </div>
        <MoreFromAuthor post={post} />
        {confirming ? (
          <Suspense fallback={null}>
            <DeletePostDialog
              open={confirming}
              onOpenChange={setConfirming}
              pending={isPending}
              onConfirm={() => remove(post.id, () => setConfirming(false))}
            />
          </Suspense>
        ) : null}
      </div>
    );
  } else if (query.isError && !query.data) {
    const missing = isNotFound(query.error);
    content = (
      <EmptyState
        icon={<ShirtIcon />}
        title={missing ? t('postDetail.notFound') : t('postDetail.loadError')}
        description={missing ? t('postDetail.notFoundDescription') : t('postDetail.loadErrorDescription')}
        action={
          missing ? (
            <Link to="/" className={buttonClasses()}>
              {t('notFound.returnHome')}
            </Link>
          ) : (
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('common.tryAgain')}
            </Button>
          )
        }
      />
    );
  } else {
    content = (
      <div role="status" aria-label={t('postDetail.loading')} className="sm:px-3">
        <OutfitCardSkeleton />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('screens.post.title')} back />
      {content}
    </>
  );
}
