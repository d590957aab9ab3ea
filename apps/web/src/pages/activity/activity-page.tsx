import { BellIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { ActivityFeed } from '@/features/activity/ui/activity-feed';
import { buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { Skeleton } from '@/shared/ui/skeleton';

/** /activity: likes, comments, replies and follows of the signed-in user, grouped, newest first. */
export default function ActivityScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();
  let body = <ActivityFeed />;
  if (isLoading) body = <Skeleton className="mx-4 h-12 rounded-xl" />;
  else if (!isSignedIn) {
    body = (
      <EmptyState
        icon={<BellIcon />}
        title={t('activity.signedOut')}
        action={
          <Link to="/auth" className={buttonClasses()}>
            {t('activity.signIn')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="pb-8">
      <PageHeader title={t('activity.title')} />
      {body}
    </div>
  );
}
