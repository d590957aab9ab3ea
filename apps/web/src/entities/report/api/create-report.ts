import type { CreateReportBody, Report } from '@sys/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/v1/reports: report a post, a comment or a user (once each). */
export function createReport(body: CreateReportBody): Promise<Report> {
  return apiRequest<Report>('/reports', { method: 'POST', body });
}

export function useCreateReportMutation() {
  return useMutation({ mutationFn: createReport });
}
