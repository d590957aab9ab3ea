import { MESSAGE_LIMITS, type Message } from '@sys/shared';
import { ClockIcon, SendIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorName } from '@/entities/post/lib/post-display';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { ApiError } from '@/shared/api/api-client';
import { discardOutboxItem, type OutboxItem, useOutboxItems } from '@/shared/lib/outbox';
import { Button, buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { showToast } from '@/shared/ui/show-toast';
import { Skeleton } from '@/shared/ui/skeleton';
import { Textarea } from '@/shared/ui/textarea';
import { UserName } from '@/shared/ui/user-name';
import { useDeleteMessageMutation } from '../api/delete-message';
import { useConversationQuery } from '../api/get-conversation';
import { useMessagesQuery } from '../api/get-messages';
import { useMarkReadMutation } from '../api/mark-read';
import { type QueuedMessage, useSendMessageMutation } from '../api/send-message';
import { messageTime } from '../lib/message-time';

/**
 * Unsent text per signed-in user and conversation, kept while the app is open: leaving a conversation
 * for the inbox (or anywhere) and coming back finds the message where it was left.
 */
const drafts = new Map<string, string>();

/** A message's start, to tell which one a delete button is for. */
const excerpt = (body: string) => (body.length > 40 ? `${body.slice(0, 40)}…` : body);

/** One conversation: its messages (oldest at the top), new ones arriving live, and a composer. */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const { t, i18n } = useTranslation();
  const { viewerId } = useViewer();
  const conversation = useConversationQuery(conversationId);
  const messages = useMessagesQuery(conversationId);
  const send = useSendMessageMutation(conversationId);
  const remove = useDeleteMessageMutation();
  // A deleted message cannot come back, and it goes for the other person too: ask first, as for a comment.
  const [deleting, setDeleting] = useState<Message | null>(null);
  const deleteMessage = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => {
        setDeleting(null);
        void showToast('success', t('messages.deleted'));
      },
      onError: () => void showToast('destructive', t('messages.deleteError')),
    });
  };
  const markRead = useMarkReadMutation();
  const draftKey = `${viewerId ?? ''}:${conversationId}`;
  const [text, setTextState] = useState(() => drafts.get(draftKey) ?? '');
  const setText = (value: string) => {
    setTextState(value);
    if (value) drafts.set(draftKey, value);
    else drafts.delete(draftKey);
  };
  const end = useRef<HTMLDivElement>(null);

  const thread = [...(messages.data?.pages.flatMap((page) => page.items) ?? [])].reverse();
  const newest = thread.at(-1)?.id;
  // Messages written offline, waiting in the outbox to go out (oldest first, after the thread).
  const outbox = useOutboxItems();
  const waiting = useMemo(
    () =>
      outbox.filter(
        (item): item is OutboxItem<QueuedMessage> =>
          item.kind === 'message' && (item.payload as QueuedMessage).conversationId === conversationId,
      ),
    [outbox, conversationId],
  );

  // Reading the conversation marks it read, and so does every message that arrives while it is open.
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (newest !== undefined || messages.isSuccess) markAsRead(conversationId);
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest, conversationId, markAsRead, messages.isSuccess]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || send.isPending) return;
    send.mutate(body, {
      onSuccess: () => setText(''),
      onError: (error) =>
        void showToast('destructive', t('messages.sendError'), {
          // Over the server's rate limit, or a block between the two: say so in the reader's
          // language; the text stays in the box.
          description:
            error instanceof ApiError
              ? error.status === 429
                ? t('messages.tooFast')
                : error.status === 403
                  ? t('messages.blocked')
                  : error.message
              : undefined,
        }),
    });
  };

  if (conversation.isError) {
    // Missing (or not mine): say so and lead back to the inbox; anything else (offline, 5xx) can be retried.
    const missing =
      conversation.error instanceof ApiError &&
      (conversation.error.status === 404 || conversation.error.status === 400);
    return (
      <>
        <PageHeader title={t('messages.title')} back="/messages" />
        {missing ? (
          <EmptyState
            title={t('messages.conversationNotFound')}
            action={
              <Link to="/messages" className={buttonClasses({ variant: 'outline' })}>
                {t('messages.backToMessages')}
              </Link>
            }
          />
        ) : (
          <LoadError
            title={t('messages.conversationLoadError')}
            onRetry={() => void conversation.refetch()}
          />
        )}
      </>
    );
  }

  const participant = conversation.data?.participant;
  const name = participant ? (authorName(participant) ?? t('messages.someone')) : '';

  return (
    // At least the screen between the app header and the bottom bar, so the composer of a short thread
    // sits on the bar as it does in a long one (-mb-4 takes back the main area's extra 16 px under it).
    <div className="-mb-4 flex min-h-[calc(100dvh-var(--spacing-header)-1px-var(--spacing-nav)-env(safe-area-inset-bottom))] flex-col">
      <PageHeader
        back="/messages"
        title={
          participant ? (
            <Link
              to={participant.username ? `/profile/${encodeURIComponent(participant.username)}` : '/messages'}
              className="flex items-center gap-2"
            >
              <AuthorAvatar url={participant.avatar_url} className="size-8" />
              <UserName className="truncate">{name}</UserName>
            </Link>
          ) : (
            <Skeleton className="h-6 w-40" />
          )
        }
      />
      <ol
        aria-label={t('messages.thread', { name })}
        aria-live="polite"
        className="flex flex-1 flex-col gap-2 px-4 py-3"
      >
        {messages.isPending && waiting.length === 0 ? (
          // A list holds only items, loading or not.
          <li>
            <Skeleton className="h-24" />
          </li>
        ) : messages.isError && !messages.data && waiting.length === 0 ? (
          // A failed load is not an empty thread ("Say hello" would be wrong).
          <li>
            <LoadError title={t('messages.conversationLoadError')} onRetry={() => void messages.refetch()} />
          </li>
        ) : thread.length === 0 && waiting.length === 0 ? (
          <li className="py-8 text-center text-sm text-muted">{t('messages.sayHello', { name })}</li>
        ) : (
          <>
            {messages.hasNextPage ? (
              // Pages hold the newest messages first; older ones load on request, above the thread.
              <li className="flex justify-center">
                <Button
                  variant="ghost"
                  disabled={messages.isFetchingNextPage}
                  onClick={() => void messages.fetchNextPage()}
                >
                  {t('messages.loadEarlier')}
                </Button>
              </li>
            ) : null}
            {thread.map((message) => {
              const mine = message.sender_id === viewerId;
              return (
                <li key={message.id} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
                  <span className="sr-only">{mine ? t('messages.you') : name}: </span>
                  <span
                    // A message keeps its own direction (Latin in a Hebrew interface and the other way round).
                    dir="auto"
                    className={cn(
                      'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[15px]',
                      mine ? 'rounded-ee-sm bg-accent-600 text-white' : 'rounded-es-sm bg-subtle text-ink',
                    )}
                  >
                    {message.body}
                  </span>
                  <span className="mt-0.5 flex items-center gap-1 text-[11px] text-muted">
                    {messageTime(message.created_at, i18n.resolvedLanguage)}
                    {mine ? (
                      <button
                        type="button"
                        aria-haspopup="dialog"
                        aria-label={t('messages.deleteLabel', { text: excerpt(message.body) })}
                        disabled={remove.isPending}
                        onClick={() => setDeleting(message)}
                        className="inline-flex h-9 items-center gap-0.5 rounded-full px-2 font-medium hover:text-danger"
                      >
                        <Trash2Icon aria-hidden className="size-3.5" />
                        {t('messages.delete')}
                      </button>
                    ) : null}
                  </span>
                </li>
              );
            })}
            {waiting.map((item) => (
              <li key={item.id} className="flex flex-col items-end">
                <span className="sr-only">{t('messages.you')}: </span>
                <span
                  dir="auto"
                  className="max-w-[80%] whitespace-pre-wrap break-words rounded-2xl rounded-ee-sm bg-accent-600/70 px-3.5 py-2 text-[15px] text-white"
                >
                  {item.payload.body}
                </span>
                <span className="mt-0.5 flex items-center gap-1 text-[11px] text-muted">
                  <ClockIcon aria-hidden className="size-3.5" />
                  {t('outbox.waiting')}
                  <button
                    type="button"
                    aria-label={t('outbox.discardMessage')}
                    onClick={() => void discardOutboxItem(item.id)}
                    className="inline-flex h-9 items-center gap-0.5 rounded-full px-2 font-medium hover:text-danger"
                  >
                    <XIcon aria-hidden className="size-3.5" />
                    {t('outbox.discard')}
                  </button>
                </span>
              </li>
            ))}
          </>
        )}
      </ol>
      <div ref={end} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('messages.deleteConfirm.title')}
        description={t('messages.deleteConfirm.description', { name })}
        confirmLabel={t('messages.deleteConfirm.confirm')}
        pendingLabel={t('messages.deleteConfirm.pending')}
        cancelLabel={t('messages.deleteConfirm.cancel')}
        pending={remove.isPending}
        onConfirm={deleteMessage}
      />
      <form
        onSubmit={submit}
        className="sticky bottom-[calc(var(--spacing-nav,64px)+env(safe-area-inset-bottom))] flex items-end gap-2 border-t border-line bg-surface px-3 py-2"
      >
        <Textarea
          rows={1}
          value={text}
          maxLength={MESSAGE_LIMITS.bodyMaxChars}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          placeholder={t('messages.placeholder')}
          aria-label={t('messages.placeholder')}
          className="min-h-11 flex-1 resize-none"
        />
        <Button
          type="submit"
          aria-label={t('messages.send')}
          disabled={!text.trim() || send.isPending}
          className="size-11 px-0"
        >
          <SendIcon aria-hidden className="rtl:-scale-x-100" />
        </Button>
      </form>
    </div>
  );
}
