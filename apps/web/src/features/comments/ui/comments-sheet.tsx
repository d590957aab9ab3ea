import { type Comment, POST_MESSAGES, type Post } from '@sys/shared';
import { ClockIcon, FlagIcon, HeartIcon, SendIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type FormEvent, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authorName } from '@/entities/post/lib/post-display';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { useMentionCombobox } from '@/entities/profile/ui/mention-combobox';
import { MentionText } from '@/entities/profile/ui/mention-text';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { type KnownApiErrors, useApiErrorText } from '@/shared/api/use-api-error-text';
import { lazyWithPreload } from '@/shared/lib/lazy';
import { discardOutboxItem, type OutboxItem, useOutboxItems } from '@/shared/lib/outbox';
import { relativeTime } from '@/shared/lib/relative-time';
import { cn } from '@/shared/ui/cn';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { IconButton } from '@/shared/ui/icon-button';
import { Input } from '@/shared/ui/input';
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/shared/ui/sheet';
import { showToast } from '@/shared/ui/show-toast';
import { Skeleton } from '@/shared/ui/skeleton';
import { isolated, UserName } from '@/shared/ui/user-name';
import { type QueuedComment, useAddCommentMutation } from '../api/add-comment';
import { useDeleteCommentMutation } from '../api/delete-comment';
import { useCommentsQuery } from '../api/get-comments';
import { useLikeCommentMutation } from '../api/like-comment';

const ReportDialog = lazyWithPreload(() => import('@/entities/report/ui/report-dialog'));

export interface CommentsSheetProps {
  post: Pick<Post, 'id' | 'comment_count'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface Thread {
  comment: Comment;
  replies: Comment[];
}

/** Comments in threads: each comment followed by its replies (the list comes oldest first). */
export function toThreads(comments: readonly Comment[]): Thread[] {
  const threads: Thread[] = [];
  const byId = new Map<string, Thread>();
  for (const comment of comments) {
    const parent = comment.parent_id ? byId.get(comment.parent_id) : undefined;
    if (parent) parent.replies.push(comment);
    else {
      const thread = { comment, replies: [] };
      threads.push(thread);
      byId.set(comment.id, thread);
    }
  }
  return threads;
}

/** Runs `then` for a signed-in viewer; asks anyone else to register for `action` ("like comments"). */
type RequireAccount = (action: string, then: () => void) => void;

function CommentRow({
  postId,
  comment,
  onReply,
  requireAccount,
}: {
  postId: string;
  comment: Comment;
  onReply: (comment: Comment) => void;
  requireAccount: RequireAccount;
}) {
  const { t, i18n } = useTranslation();
  const { viewerId } = useViewer();
  const like = useLikeCommentMutation(postId, comment);
  const remove = useDeleteCommentMutation(postId);
  const name = authorName(comment.author) ?? t('card.user');
  const isOwn = viewerId === comment.author.id;
  const [reporting, setReporting] = useState(false);
  // A deleted comment cannot come back: ask first, as for a post.
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteComment = () =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        void showToast('success', t('comments.deleted'));
      },
      onError: () => void showToast('destructive', t('comments.deleteError')),
    });

  return (
    <div className="flex gap-2.5">
      <AuthorAvatar url={comment.author.avatar_url} className="mt-1 size-8" />
      <div className="min-w-0 flex-1">
        <p className="text-[14px] leading-snug text-ink">
          {/* The gap lives on a span in the line's direction: on the <bdi>, 'end' would be the name's own. */}
          <span className="me-1.5 font-semibold">
            <UserName>{name}</UserName>
          </span>
          <span dir="auto" className="whitespace-pre-line break-words">
            <MentionText text={comment.body} />
          </span>
        </p>
        <div className="-ms-2 flex items-center text-[13px] text-muted">
          <span className="px-2">{relativeTime(comment.created_at, i18n.resolvedLanguage ?? 'en')}</span>
          <button
            type="button"
            aria-pressed={comment.liked_by_me}
            aria-label={
              comment.like_count > 0 ? t('comments.likeLabel', { count: comment.like_count }) : undefined
            }
            onClick={() => requireAccount(t('comments.prompt.like'), () => like.mutate(!comment.liked_by_me))}
            className={cn(
              'inline-flex h-9 items-center gap-1 rounded-full px-2 font-medium hover:text-ink',
              comment.liked_by_me && 'text-accent-600',
            )}
          >
            <HeartIcon aria-hidden className={cn('size-4', comment.liked_by_me && 'fill-current')} />
            {t('comments.like')}
            {comment.like_count > 0 ? (
              <span className="tabular-nums">
                {new Intl.NumberFormat(i18n.resolvedLanguage).format(comment.like_count)}
              </span>
            ) : null}
          </button>
          <button
            type="button"
            onClick={() => requireAccount(t('comments.prompt.reply'), () => onReply(comment))}
            className="inline-flex h-9 items-center rounded-full px-2 font-medium hover:text-ink"
          >
            {t('comments.reply')}
          </button>
          {isOwn ? (
            <button
              type="button"
              disabled={remove.isPending}
              aria-haspopup="dialog"
              onClick={() => setConfirmingDelete(true)}
              className="inline-flex h-9 items-center gap-1 rounded-full px-2 font-medium hover:text-danger"
            >
              <Trash2Icon aria-hidden className="size-4" />
              {t('comments.delete')}
            </button>
          ) : (
            <button
              type="button"
              aria-label={t('comments.reportLabel', { name })}
              onPointerEnter={() => void ReportDialog.preload()}
              onClick={() => requireAccount(t('comments.prompt.report'), () => setReporting(true))}
              className="inline-flex h-9 items-center gap-1 rounded-full px-2 font-medium hover:text-ink"
            >
              <FlagIcon aria-hidden className="size-4" />
              {t('comments.report')}
            </button>
          )}
        </div>
        {isOwn ? (
          <ConfirmDialog
            open={confirmingDelete}
            onOpenChange={setConfirmingDelete}
            title={t('comments.deleteConfirm.title')}
            description={t('comments.deleteConfirm.description')}
            confirmLabel={t('comments.deleteConfirm.confirm')}
            pendingLabel={t('comments.deleteConfirm.pending')}
            cancelLabel={t('comments.deleteConfirm.cancel')}
            pending={remove.isPending}
            onConfirm={deleteComment}
          />
        ) : null}
        {reporting ? (
          <Suspense fallback={null}>
            <ReportDialog
              open={reporting}
              onOpenChange={setReporting}
              targetType="comment"
              targetId={comment.id}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** A comment written offline: shown with its marker until it goes out, and discardable meanwhile. */
function WaitingCommentRow({ item }: { item: OutboxItem<QueuedComment> }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2.5 opacity-80">
      <ClockIcon aria-hidden className="mt-2 size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p dir="auto" className="whitespace-pre-line break-words text-[14px] leading-snug text-ink">
          {item.payload.body.body}
        </p>
        <div className="-ms-2 flex items-center text-[13px] text-muted">
          <span className="px-2 font-medium">{t('outbox.waiting')}</span>
          <button
            type="button"
            aria-label={t('outbox.discardComment')}
            onClick={() => void discardOutboxItem(item.id)}
            className="inline-flex h-9 items-center gap-1 rounded-full px-2 font-medium hover:text-danger"
          >
            <XIcon aria-hidden className="size-4" />
            {t('outbox.discard')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The comments dialog: the list, per-comment Like and Reply, and 'Add comment...' (spec section 2).
 * Everyone may read the comments (browsing is open to all); writing, liking, replying and reporting ask
 * a guest or visitor to register.
 */
export default function CommentsSheet({ post, open, onOpenChange }: CommentsSheetProps) {
  const { t } = useTranslation();
  const { isSignedIn } = useViewer();
  const { prompt, dialog } = useRegistrationPrompt();
  const requireAccount: RequireAccount = (action, then) => {
    if (isSignedIn) then();
    else prompt(action);
  };
  const errorText = useApiErrorText();
  // The post went away meanwhile, or the comment being answered did.
  const known: KnownApiErrors = (error) =>
    error.status === 404
      ? t(
          error.message === POST_MESSAGES.commentNotFound
            ? 'postMessages.commentNotFound'
            : 'postMessages.postNotFound',
        )
      : undefined;
  const comments = useCommentsQuery(post.id);
  const add = useAddCommentMutation(post.id);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const mention = useMentionCombobox(text, setText, input);
  const body = text.trim();

  const threads = useMemo(
    () => toThreads(comments.data?.pages.flatMap((page) => page.items) ?? []),
    [comments.data],
  );
  const outbox = useOutboxItems();
  const waiting = useMemo(
    () =>
      outbox.filter(
        (item): item is OutboxItem<QueuedComment> =>
          item.kind === 'comment' && (item.payload as QueuedComment).postId === post.id,
      ),
    [outbox, post.id],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body === '' || add.isPending) return;
    add.mutate(
      { body, parent_id: replyTo ? (replyTo.parent_id ?? replyTo.id) : null },
      {
        onSuccess: () => {
          setText('');
          setReplyTo(null);
        },
        onError: (error) =>
          void showToast('destructive', t('comments.addError'), { description: errorText(error, known) }),
      },
    );
  };

  const reply = (comment: Comment) => {
    setReplyTo(comment);
    input.current?.focus();
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        className="h-[80dvh] sm:h-[70dvh]"
        // Escape first closes the mention suggestions, then the sheet.
        onEscapeKeyDown={(event) => {
          if (mention.open) event.preventDefault();
        }}
      >
        <SheetHeader>
          <SheetTitle>{t('comments.title')}</SheetTitle>
          <SheetDescription className="sr-only">{t('comments.description')}</SheetDescription>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-4 pt-2">
          {comments.isPending && waiting.length === 0 ? (
            <div role="status" aria-label={t('comments.loading')} className="flex flex-col gap-4">
              {[0, 1, 2].map((key) => (
                <div key={key} className="flex gap-2.5">
                  <Skeleton className="size-8 rounded-full" />
                  <Skeleton className="h-10 flex-1" />
                </div>
              ))}
            </div>
          ) : comments.isError && waiting.length === 0 ? (
            <p role="alert" className="py-8 text-center text-sm text-muted">
              {t('comments.loadError')}
            </p>
          ) : threads.length === 0 && waiting.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted">{t('comments.empty')}</p>
          ) : (
            <ul aria-label={t('comments.title')} className="flex flex-col gap-4">
              {threads.map(({ comment, replies }) => (
                <li key={comment.id} className="flex flex-col gap-3">
                  <CommentRow
                    postId={post.id}
                    comment={comment}
                    onReply={reply}
                    requireAccount={requireAccount}
                  />
                  {replies.length > 0 ? (
                    <ul aria-label={t('comments.replies')} className="flex flex-col gap-3 ps-10">
                      {replies.map((r) => (
                        <li key={r.id}>
                          <CommentRow
                            postId={post.id}
                            comment={r}
                            onReply={reply}
                            requireAccount={requireAccount}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
              {waiting.map((item) => (
                <li key={item.id}>
                  <WaitingCommentRow item={item} />
                </li>
              ))}
            </ul>
          )}
          {comments.hasNextPage ? (
            <button
              type="button"
              onClick={() => void comments.fetchNextPage()}
              disabled={comments.isFetchingNextPage}
              className="self-center text-sm font-medium text-accent-700"
            >
              {t('comments.more')}
            </button>
          ) : null}
        </SheetBody>
        {!isSignedIn ? (
          <div className="border-t border-line px-4 pt-2 pb-3">
            {/* Looks like the field it stands for; a tap asks to register instead of typing in vain. */}
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => prompt(t('card.prompt.comment'))}
              className="flex h-11 w-full items-center rounded-xl border border-line bg-surface px-3 text-start text-[15px] text-muted"
            >
              {t('comments.placeholder')}
            </button>
          </div>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-1 border-t border-line px-4 pt-2 pb-3">
            {replyTo ? (
              <div className="flex items-center justify-between text-[13px] text-muted">
                <span>
                  {t('comments.replyingTo', { name: isolated(authorName(replyTo.author) ?? t('card.user')) })}
                </span>
                <IconButton
                  aria-label={t('comments.cancelReply')}
                  className="size-9"
                  onClick={() => setReplyTo(null)}
                >
                  <XIcon aria-hidden />
                </IconButton>
              </div>
            ) : null}
            {mention.listbox}
            <div className="flex items-center gap-2">
              <Input
                ref={input}
                value={text}
                {...mention.fieldProps}
                placeholder={t('comments.placeholder')}
                aria-label={t('comments.placeholder')}
                maxLength={2200}
                enterKeyHint="send"
                dir="auto"
              />
              <IconButton
                type="submit"
                variant="primary"
                aria-label={t('comments.send')}
                disabled={body === '' || add.isPending}
              >
                <SendIcon aria-hidden className="rtl:-scale-x-100" />
              </IconButton>
            </div>
          </form>
        )}
        {dialog}
      </SheetContent>
    </Sheet>
  );
}
