import type { AdminReportsQuery } from '@sys/shared';

/** Which reports an administrator lists: a status, or all of them. */
export type ReportsFilter = AdminReportsQuery['status'];

/** Every query key of the moderation feature. */
export const moderationKeys = {
  all: ['moderation'] as const,
  /** Every list of reports the viewer (an administrator) has loaded. */
  allReports: (viewerId: string) => [...moderationKeys.all, 'reports', viewerId] as const,
  reports: (viewerId: string, filter: ReportsFilter) =>
    [...moderationKeys.allReports(viewerId), filter] as const,
};
