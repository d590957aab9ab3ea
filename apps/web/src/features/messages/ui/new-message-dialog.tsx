import type { Author } from '@sys/shared';
import { UsersRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorName } from '@/entities/post/lib/post-display';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { useApiErrorText } from '@/shared/api/use-api-error-text';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/shared/ui/dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { showToast } from '@/shared/ui/show-toast';
import { Skeleton } from '@/shared/ui/skeleton';
import { Handle, UserName } from '@/shared/ui/user-name';
import { useFollowingQuery } from '../api/get-following';
import { useOpenConversationMutation } from '../api/open-conversation';

export interface NewMessageDialogProps {
  /** My username (whose following list to pick from). */
  username: string | null | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpened: (conversationId: string) => void;
}

/**
 * A person to pick: their display name over their @username, or the username alone (it used to show the
 * username twice, as the name and as the handle).
 */
function PersonName({ person }: { person: Pick<Author, 'username' | 'display_name'> }) {
  const { t } = useTranslation();
  const displayName = person.display_name?.trim();
  if (!displayName || !person.username) {
    return (
      <UserName className="truncate font-semibold text-ink">
        {authorName(person) ?? t('messages.someone')}
      </UserName>
    );
  }
  return (
    <span className="flex min-w-0 flex-col">
      <UserName className="truncate font-semibold text-ink">{displayName}</UserName>{' '}
      <Handle className="truncate text-[13px] text-muted" username={person.username} />
    </span>
  );
}

/** New Message: pick someone you follow; their conversation opens (created on first use). */
export function NewMessageDialog({ username, open, onOpenChange, onOpened }: NewMessageDialogProps) {
  const { t } = useTranslation();
  const following = useFollowingQuery(username, open);
  const start = useOpenConversationMutation();
  const errorText = useApiErrorText();
  const people = following.data?.pages.flatMap((page) => page.items) ?? [];

  const pick = (profileId: string) =>
    start.mutate(profileId, {
      onSuccess: (conversation) => {
        onOpenChange(false);
        onOpened(conversation.id);
      },
      onError: (error) =>
        void showToast('destructive', t('messages.startError'), {
          // 403: one of the two blocked the other.
          description: errorText(error, (failure) =>
            failure.status === 403 ? t('messages.blocked') : undefined,
          ),
        }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('messages.newMessage')}</DialogTitle>
          <DialogDescription>{t('messages.newMessageDescription')}</DialogDescription>
        </DialogHeader>
        <div className="mt-4">
          {following.isPending ? (
            <Skeleton className="h-32" />
          ) : following.isError && !following.data ? (
            <LoadError title={t('messages.followingError')} onRetry={() => void following.refetch()} />
          ) : people.length === 0 ? (
            <EmptyState
              icon={<UsersRoundIcon />}
              title={t('messages.noFollowing')}
              className="py-6"
              action={
                <Link to="/explore/creators" className={buttonClasses()} onClick={() => onOpenChange(false)}>
                  {t('messages.discoverPeople')}
                </Link>
              }
            />
          ) : (
            <ul className="flex max-h-80 flex-col overflow-y-auto">
              {people.map((person) => (
                <li key={person.id}>
                  <button
                    type="button"
                    disabled={start.isPending}
                    onClick={() => pick(person.id)}
                    className="flex min-h-12 w-full items-center gap-3 rounded-xl px-2 py-2 text-start hover:bg-subtle disabled:opacity-60"
                  >
                    <AuthorAvatar url={person.avatar_url} className="size-10" />
                    <PersonName person={person} />
                  </button>
                </li>
              ))}
              {following.hasNextPage ? (
                <li className="flex justify-center pt-1">
                  <Button
                    variant="ghost"
                    disabled={following.isFetchingNextPage}
                    onClick={() => void following.fetchNextPage()}
                  >
                    {t('messages.morePeople')}
                  </Button>
                </li>
              ) : null}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
