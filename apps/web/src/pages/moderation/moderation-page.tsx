import { FlagIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useReportsQuery } from '@/features/moderation/api/get-reports';
import type { ReportsFilter } from '@/features/moderation/api/moderation-keys';
import { ReportCardSkeleton } from '@/features/moderation/ui/report-card';
import { ReportList } from '@/features/moderation/ui/report-list';
import { ApiError } from '@/shared/api/api-client';
import { buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/shared/ui/tabs';

const FILTERS: readonly ReportsFilter[] = ['open', 'resolved', 'dismissed', 'all'];

/** The tab in the address (?status=...), so a tab can be shared and survives a reload; Open by default. */
function useFilter(): [ReportsFilter, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('status');
  const filter = FILTERS.find((candidate) => candidate === value) ?? 'open';
  const select = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'open') updated.delete('status');
        else updated.set('status', next);
        return updated;
      },
      { replace: true },
    );
  return [filter, select];
}

/**
 * /settings/moderation: the administrators' review of what people reported, by status, newest first,
 * with Resolve, Dismiss and Remove. The server decides who is an administrator (403 for everyone else);
 * a visitor is asked to sign in.
 */
export default function ModerationScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();
  const [filter, selectFilter] = useFilter();
  const reports = useReportsQuery(filter);
  const refused = reports.error instanceof ApiError && reports.error.status === 403;

  let body: ReactNode;
  if (!isLoading && !isSignedIn) {
    body = (
      <EmptyState
        icon={<FlagIcon />}
        title={t('moderation.signedOut')}
        description={t('moderation.signedOutDescription')}
        action={
          <Link to="/auth" className={buttonClasses()}>
            {t('moderation.signIn')}
          </Link>
        }
      />
    );
  } else if (isLoading) {
    body = (
      <div className="flex flex-col gap-3 px-4">
        <ReportCardSkeleton />
        <ReportCardSkeleton />
      </div>
    );
  } else if (refused) {
    body = (
      <EmptyState
        icon={<ShieldAlertIcon />}
        title={t('moderation.forbidden')}
        description={t('moderation.forbiddenDescription')}
        action={
          <Link to="/profile" className={buttonClasses({ variant: 'outline' })}>
            {t('moderation.backToProfile')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <Tabs value={filter} onValueChange={selectFilter}>
        <TabsList aria-label={t('moderation.tabsLabel')} className="px-2">
          {FILTERS.map((value) => (
            <TabsTrigger key={value} value={value} className="px-1">
              {t(`moderation.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {FILTERS.map((value) => (
          <TabsContent key={value} value={value}>
            <ReportList filter={value} query={reports} />
          </TabsContent>
        ))}
      </Tabs>
    );
  }

  return (
    <div className="pb-8">
      <PageHeader title={t('moderation.title')} back="/profile" />
      {body}
    </div>
  );
}
