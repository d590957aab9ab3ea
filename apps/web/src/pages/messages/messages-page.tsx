import { MessageCircleIcon, PenSquareIcon, SearchIcon, UsersRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMyProfileQuery } from '@/entities/profile/api/get-my-profile';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { useConversationsQuery } from '@/features/messages/api/get-conversations';
import { useMessageEvents } from '@/features/messages/api/use-message-events';
import { ConversationList } from '@/features/messages/ui/conversation-list';
import { ConversationView } from '@/features/messages/ui/conversation-view';
import { NewMessageDialog } from '@/features/messages/ui/new-message-dialog';
import { Button, buttonClasses } from '@/shared/ui/button';
import { IconButton } from '@/shared/ui/icon-button';
import { Input } from '@/shared/ui/input';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { Skeleton } from '@/shared/ui/skeleton';

interface EmptyProps {
  onSearch: () => void;
  onNewMessage: () => void;
}

/** The spec's /messages screen when there is no conversation yet. */
function NoMessages({ onSearch, onNewMessage }: EmptyProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <div
        aria-hidden
        className="mb-5 flex size-16 items-center justify-center rounded-full bg-accent-50 text-accent-600"
      >
        <MessageCircleIcon className="size-7" />
      </div>
      <h2 className="text-base font-semibold text-ink">{t('messages.empty')}</h2>
      <p className="mt-1.5 max-w-[32ch] text-sm text-muted">{t('messages.emptyDescription')}</p>
      <div className="mt-6 flex w-full max-w-xs flex-col gap-2">
        <Link to="/explore/creators" className={buttonClasses()}>
          <UsersRoundIcon aria-hidden />
          {t('messages.discoverPeople')}
        </Link>
        <Button variant="outline" onClick={onSearch}>
          <SearchIcon aria-hidden />
          {t('messages.searchMessages')}
        </Button>
        <Button variant="outline" onClick={onNewMessage}>
          <PenSquareIcon aria-hidden />
          {t('messages.newMessage')}
        </Button>
      </div>
    </div>
  );
}

function Inbox({ onOpen }: { onOpen: (conversationId: string) => void }) {
  const { t } = useTranslation();
  const [searchOpen, setSearchOpen] = useState(false);
  const [q, setQ] = useState('');
  const [composing, setComposing] = useState(false);
  const me = useMyProfileQuery();
  const conversations = useConversationsQuery(q.trim());
  const items = conversations.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = q.trim() !== '';

  return (
    <>
      <PageHeader
        title={t('messages.title')}
        back
        action={
          <>
            <IconButton
              aria-label={t('messages.searchMessages')}
              onClick={() => setSearchOpen((open) => !open)}
            >
              <SearchIcon aria-hidden />
            </IconButton>
            <IconButton aria-label={t('messages.newMessage')} onClick={() => setComposing(true)}>
              <PenSquareIcon aria-hidden />
            </IconButton>
          </>
        }
      />
      {searchOpen ? (
        <div className="px-4 pb-2">
          <Input
            type="search"
            autoFocus
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder={t('messages.searchPlaceholder')}
            aria-label={t('messages.searchMessages')}
          />
        </div>
      ) : null}
      {conversations.isPending ? (
        <div className="flex flex-col gap-2 px-4">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : conversations.isError && !conversations.data ? (
        <LoadError title={t('messages.loadError')} onRetry={() => void conversations.refetch()} />
      ) : items.length > 0 ? (
        <>
          <ConversationList conversations={items} />
          {conversations.hasNextPage ? (
            <div className="flex justify-center py-3">
              <Button
                variant="ghost"
                disabled={conversations.isFetchingNextPage}
                onClick={() => void conversations.fetchNextPage()}
              >
                {t('messages.moreConversations')}
              </Button>
            </div>
          ) : null}
        </>
      ) : searching ? (
        <p className="px-4 py-8 text-center text-sm text-muted">{t('messages.noMatches')}</p>
      ) : (
        <NoMessages onSearch={() => setSearchOpen(true)} onNewMessage={() => setComposing(true)} />
      )}
      <NewMessageDialog
        username={me.data?.username}
        open={composing}
        onOpenChange={setComposing}
        onOpened={onOpen}
      />
    </>
  );
}

/** Visitors and guests see the empty screen; its actions ask them to register. */
function GuestMessages() {
  const { t } = useTranslation();
  const { prompt, dialog } = useRegistrationPrompt();
  const ask = () => prompt(t('messages.promptAction'));
  return (
    <>
      <PageHeader title={t('messages.title')} back />
      <NoMessages onSearch={ask} onNewMessage={ask} />
      {dialog}
    </>
  );
}

function SignedInMessages() {
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('c');
  useMessageEvents();
  if (conversationId) return <ConversationView key={conversationId} conversationId={conversationId} />;
  return <Inbox onOpen={(id) => setParams({ c: id })} />;
}

/** /messages: my conversations, or one of them (`?c=<id>`). */
export default function MessagesScreen() {
  const { isSignedIn, isLoading } = useViewer();
  if (isLoading) return null;
  return isSignedIn ? <SignedInMessages /> : <GuestMessages />;
}
