import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';
import { useUnreadCountQuery } from '../api/get-unread-count';
import { useMessageEvents } from '../api/use-message-events';

/**
 * The count of unread messages, on the header's messages icon; kept live by the events stream. The
 * icon's own element places it (`className`, absolutely positioned).
 */
export default function UnreadBadge({ id, className }: { id?: string; className?: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCountQuery();
  useMessageEvents();
  const count = unread.data?.unread_count ?? 0;
  if (count === 0) return null;
  return (
    <span
      id={id}
      className={cn(
        'pointer-events-none absolute flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-600 px-1 text-[10px] font-bold text-white',
        className,
      )}
    >
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('messages.unread', { count })}</span>
    </span>
  );
}
