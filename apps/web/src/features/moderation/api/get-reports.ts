import type { AdminReportPage } from '@sys/shared';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { ApiError, apiRequest } from '@/shared/api/api-client';
import { moderationKeys, type ReportsFilter } from './moderation-keys';

export type ReportsData = InfiniteData<AdminReportPage, string | undefined>;

const PAGE_SIZE = 20;

/** GET /api/v1/admin/reports: an administrator's reports with their targets, newest first. */
export function fetchReports(filter: ReportsFilter, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<AdminReportPage>('/admin/reports', {
    query: { status: filter, limit: PAGE_SIZE, cursor },
    signal,
  });
}

export function reportsQueryOptions(viewerId: string, filter: ReportsFilter) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.reports(viewerId, filter),
    queryFn: ({ pageParam, signal }) => fetchReports(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // 401 and 403 do not change by asking again (not an administrator): say so at once.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}

/** The reports of one tab; waits for the session, and asks nothing of visitors. */
export function useReportsQuery(filter: ReportsFilter) {
  const { viewerId } = useViewer();
  return useInfiniteQuery({ ...reportsQueryOptions(viewerId ?? '', filter), enabled: viewerId !== null });
}
