import type { AdminReport } from '@sys/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ReportsData } from './get-reports';
import { moderationKeys, type ReportsFilter } from './moderation-keys';

/*
 * A report sits in two cached lists at once (its status's tab and All). Every change goes through here, so
 * that both agree until the lists are loaded again.
 */

type Snapshot = ReadonlyArray<readonly [readonly unknown[], ReportsData | undefined]>;

/**
 * Applies `update` to every report that `matches` in the viewer's cached lists: a report whose new status
 * no longer belongs to a list's tab leaves that list. Returns what the lists held before (for a rollback).
 */
export function updateReportsInCaches(
  queryClient: QueryClient,
  viewerId: string,
  matches: (report: AdminReport) => boolean,
  update: (report: AdminReport) => AdminReport,
): Snapshot {
  const before = queryClient.getQueriesData<ReportsData>({ queryKey: moderationKeys.allReports(viewerId) });
  for (const [key, data] of before) {
    if (!data) continue;
    const filter = key.at(-1) as ReportsFilter;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.items.some(matches)) return page;
      changed = true;
      const items: AdminReport[] = [];
      for (const report of page.items) {
        const next = matches(report) ? update(report) : report;
        if (filter === 'all' || next.status === filter) items.push(next);
      }
      return { ...page, items };
    });
    if (changed) queryClient.setQueryData<ReportsData>(key, { ...data, pages });
  }
  return before;
}

export function restoreReportCaches(queryClient: QueryClient, snapshot: Snapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** Loads every list again (a status changed, so another tab's list is out of date). */
export function refreshReportLists(queryClient: QueryClient, viewerId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: moderationKeys.allReports(viewerId) });
}

/** After a removal: the thing's reports show it gone, and its open ones closed (the server resolves them). */
export function closeReportsOfRemoved(
  queryClient: QueryClient,
  viewerId: string,
  targetType: AdminReport['target_type'],
  targetId: string,
): void {
  const resolvedAt = new Date().toISOString();
  updateReportsInCaches(
    queryClient,
    viewerId,
    (report) => report.target_type === targetType && report.target_id === targetId,
    (report): AdminReport =>
      report.status === 'open'
        ? { ...report, status: 'resolved', resolved_at: resolvedAt, target: null }
        : { ...report, target: null },
  );
}
