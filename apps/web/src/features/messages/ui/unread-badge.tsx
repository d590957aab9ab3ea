import { useTranslation } from 'react-i18next';
import { useUnreadCountQuery } from '../api/get-unread-count';
import { useMessageEvents } from '../api/use-message-events';

/** The count of unread messages on the Profile tab; kept live by the events stream. */
export default function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useUnreadCountQuery();
  useMessageEvents();
  const count = unread.data?.unread_count ?? 0;
  if (count === 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className="absolute -top-1.5 -end-2.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-600 px-1 text-[10px] font-bold text-white"
    >
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('messages.unread', { count })}</span>
    </span>
  );
}
