import type { Conversation } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorName } from '@/entities/post/lib/post-display';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { relativeTime } from '@/shared/lib/relative-time';
import { UserName } from '@/shared/ui/user-name';

/** My conversations: the other person, the last message and how many of theirs I have not read. */
export function ConversationList({ conversations }: { conversations: readonly Conversation[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <ul className="flex flex-col divide-y divide-line">
      {conversations.map((conversation) => {
        const name = authorName(conversation.participant) ?? t('messages.someone');
        const last = conversation.last_message;
        return (
          <li key={conversation.id}>
            <Link
              to={`?c=${conversation.id}`}
              className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-subtle"
            >
              <AuthorAvatar url={conversation.participant.avatar_url} className="size-12" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-baseline justify-between gap-2">
                  <UserName className="truncate font-semibold text-ink">{name}</UserName>
                  {conversation.last_message_at ? (
                    <span className="shrink-0 text-[12px] text-muted">
                      {relativeTime(conversation.last_message_at, language)}
                    </span>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  {/* In the message's own direction, so an English preview in Hebrew is cut at its end. */}
                  <span
                    dir="auto"
                    className={
                      conversation.unread_count > 0
                        ? 'truncate text-sm font-semibold text-ink'
                        : 'truncate text-sm text-muted'
                    }
                  >
                    {last ? last.body : t('messages.noMessagesInConversation')}
                  </span>
                  {conversation.unread_count > 0 ? (
                    <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-accent-600 px-1.5 text-[11px] font-bold text-white">
                      {/* Read once: the sr-only text says the number with its meaning. */}
                      <span aria-hidden>{conversation.unread_count}</span>
                      <span className="sr-only">
                        {t('messages.unread', { count: conversation.unread_count })}
                      </span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
