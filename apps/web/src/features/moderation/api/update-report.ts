import type { AdminReport, Report, ReportStatus } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { moderationKeys } from './moderation-keys';
import { refreshReportLists, restoreReportCaches, updateReportsInCaches } from './report-cache';

/** PATCH /api/v1/admin/reports/{id}: resolve or dismiss a report, or open it again. */
export function updateReport(reportId: string, status: ReportStatus): Promise<Report> {
  return apiRequest<Report>(`/admin/reports/${encodeURIComponent(reportId)}`, {
    method: 'PATCH',
    body: { status },
  });
}

export interface UpdateReportVariables {
  reportId: string;
  status: ReportStatus;
}

/**
 * Changes a report's status at once (it leaves the Open list) and rolls back if the server refuses: only
 * the report's status changes, which the server does exactly as asked, so showing it early is safe.
 */
export function useUpdateReportMutation() {
  const queryClient = useQueryClient();
  const viewerId = useViewer().viewerId ?? '';
  return useMutation({
    mutationFn: ({ reportId, status }: UpdateReportVariables) => updateReport(reportId, status),
    onMutate: async ({ reportId, status }) => {
      await queryClient.cancelQueries({ queryKey: moderationKeys.allReports(viewerId) });
      const resolvedAt = status === 'open' ? null : new Date().toISOString();
      return updateReportsInCaches(
        queryClient,
        viewerId,
        (report) => report.id === reportId,
        (report): AdminReport => ({ ...report, status, resolved_at: resolvedAt }),
      );
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot) restoreReportCaches(queryClient, snapshot);
    },
    onSettled: () => refreshReportLists(queryClient, viewerId),
  });
}
