import { BellIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconButton } from '@/shared/ui/icon-button';
import { useActivityUnreadQuery } from '../api/get-unread-count';
import { useActivityEvents } from '../api/use-activity-events';

/**
 * The header's bell for signed-in users: opens Activity, with the number of unread groups on it, kept
 * live by the events stream. Its name says the count ("Activity, 3 unread").
 */
export default function ActivityBell() {
  const { t } = useTranslation();
  const unread = useActivityUnreadQuery();
  useActivityEvents();
  const count = unread.data?.unread_count ?? 0;
  return (
    <IconButton
      aria-label={count > 0 ? t('header.activityUnread', { count }) : t('header.activity')}
      className="relative"
      asChild
    >
      <Link to="/activity">
        <BellIcon aria-hidden />
        {count > 0 ? (
          <span
            aria-hidden
            className="pointer-events-none absolute top-1 end-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-600 px-1 text-[10px] font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
    </IconButton>
  );
}
