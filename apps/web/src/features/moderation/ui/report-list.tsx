import type { AdminReport } from '@sys/shared';
import { FlagIcon } from 'lucide-react';
import { type FocusEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnVisible } from '@/shared/lib/use-on-visible';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import type { useReportsQuery } from '../api/get-reports';
import type { ReportsFilter } from '../api/moderation-keys';
import { useReportActions } from '../model/use-report-actions';
import { ReportCard, ReportCardSkeleton } from './report-card';

export interface ReportListProps {
  filter: ReportsFilter;
  query: ReturnType<typeof useReportsQuery>;
}

/**
 * When the card that held the keyboard focus leaves the list (resolved, dismissed, removed), the focus
 * goes to the card now in its place (or the last one), not back to the top of the page.
 */
function useFocusKeptInList(ids: readonly string[]) {
  const list = useRef<HTMLUListElement>(null);
  const focused = useRef<{ id: string; index: number } | null>(null);

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const card = (event.target as HTMLElement).closest<HTMLElement>('[data-report-id]');
    const id = card?.dataset.reportId;
    if (id) focused.current = { id, index: ids.indexOf(id) };
  };

  useLayoutEffect(() => {
    const last = focused.current;
    if (!last || ids.includes(last.id)) return;
    focused.current = null;
    // After the dialogs have given the focus back (or failed to, their opener being gone).
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const cards = list.current?.querySelectorAll<HTMLElement>('[data-report-id]') ?? [];
      const next = cards[Math.min(last.index, cards.length - 1)];
      if (next) next.focus();
      else list.current?.closest<HTMLElement>('[role="tabpanel"]')?.focus();
    }, 50);
    return () => window.clearTimeout(timer);
  }, [ids]);

  return { list, onFocus };
}

/** One tab's reports: skeletons, an error with Try again, its empty state, or the cards with more to load. */
export function ReportList({ filter, query }: ReportListProps) {
  const { t } = useTranslation();
  const actions = useReportActions();
  const [removing, setRemoving] = useState<AdminReport | null>(null);
  const reports = query.data?.pages.flatMap((page) => page.items) ?? [];
  const ids = reports.map((report) => report.id);
  const focus = useFocusKeptInList(ids);
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useOnVisible<HTMLDivElement>(() => void query.fetchNextPage(), canLoadMore, '400px');

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3 px-4">
        <p role="status" className="sr-only">
          {t('moderation.loading')}
        </p>
        <ReportCardSkeleton />
        <ReportCardSkeleton />
        <ReportCardSkeleton />
      </div>
    );
  }
  if (query.isError && reports.length === 0) {
    return <LoadError title={t('moderation.loadError')} onRetry={() => void query.refetch()} />;
  }
  if (reports.length === 0) {
    return (
      <EmptyState
        icon={<FlagIcon />}
        title={t(`moderation.empty.${filter}`)}
        description={t(`moderation.emptyDescription.${filter}`)}
      />
    );
  }

  const kind = removing?.target_type === 'comment' ? 'comment' : 'post';
  return (
    <>
      <ul
        ref={focus.list}
        aria-label={t(`moderation.listLabel.${filter}`)}
        className="flex flex-col gap-3 px-4"
        onFocus={focus.onFocus}
      >
        {reports.map((report) => (
          <li key={report.id}>
            <ReportCard
              report={report}
              pending={actions.pendingReportId === report.id}
              onStatus={actions.setStatus}
              onRemove={setRemoving}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex flex-col items-center gap-2 px-4 py-4">
        {query.isFetchNextPageError ? (
          <p role="alert" className="text-center text-sm text-muted">
            {t('moderation.moreError')}
          </p>
        ) : null}
        {query.hasNextPage ? (
          <Button
            variant="outline"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('moderation.loadingMore') : t('moderation.more')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !actions.removing) setRemoving(null);
        }}
        title={t(`moderation.confirmRemove.${kind}.title`)}
        description={t(`moderation.confirmRemove.${kind}.description`)}
        confirmLabel={t('moderation.confirmRemove.confirm')}
        pendingLabel={t('moderation.confirmRemove.pending')}
        cancelLabel={t('moderation.confirmRemove.cancel')}
        pending={actions.removing}
        onConfirm={() => {
          if (!removing) return;
          actions.remove(removing, {
            onSuccess: () => setRemoving(null),
            onError: () => setRemoving(null),
          });
        }}
      >
        {removing?.target?.text?.trim() ? (
          <blockquote
            className="rounded-xl bg-subtle px-3 py-2 text-sm text-ink [overflow-wrap:anywhere]"
            dir="auto"
          >
            <p className="line-clamp-2">{removing.target.text}</p>
          </blockquote>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
