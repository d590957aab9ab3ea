import { BellIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Skeleton } from '@/shared/ui/skeleton';
import { useActivityQuery } from '../api/get-activity';
import { useMarkActivityReadMutation } from '../api/mark-read';
import { ActivityRow } from './activity-row';

/**
 * The viewer's activity, newest first, a page at a time. What is shown is marked read (up to the
 * newest item shown), so the bell's count drops; the rows keep their "new" look for this visit.
 */
export function ActivityFeed() {
  const { t } = useTranslation();
  const activity = useActivityQuery();
  const markRead = useMarkActivityReadMutation();
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const newestUnread = items.find((item) => !item.read)?.created_at;
  const newest = items[0]?.created_at;
  const { mutate } = markRead;

  useEffect(() => {
    if (newestUnread && newest) mutate(newest);
  }, [newestUnread, newest, mutate]);

  if (activity.isPending) {
    return (
      <div role="status" aria-label={t('activity.loading')} className="flex flex-col gap-3 px-4 py-2">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-12 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (activity.isError) {
    return (
      <EmptyState
        title={t('activity.loadError')}
        action={<Button onClick={() => void activity.refetch()}>{t('common.tryAgain')}</Button>}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<BellIcon />}
        title={t('activity.empty')}
        description={t('activity.emptyDescription')}
      />
    );
  }
  return (
    <>
      <ul aria-label={t('activity.title')} className="flex flex-col">
        {items.map((item) => (
          <ActivityRow key={item.id} item={item} />
        ))}
      </ul>
      {activity.hasNextPage ? (
        <div className="flex justify-center py-4">
          <Button
            variant="outline"
            disabled={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {t('activity.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
