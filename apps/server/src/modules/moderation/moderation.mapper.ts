import type { AdminReport, BlockedProfile, Report, ReportReason } from '@sys/shared';
import type { ReportRow } from '../../db/schema/index.ts';
import { toAuthor } from '../posts/posts.mapper.ts';
import type { AdminReportRow, BlockListRow } from './moderation.repository.ts';

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason as ReportReason,
    note: row.note,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

export function toAdminReport(row: AdminReportRow): AdminReport {
  return {
    ...toReport(row.report),
    reporter: toAuthor(row.reporter),
    target: row.target && {
      text: row.target.text,
      mediaUrl: row.target.mediaUrl,
      postId: row.target.postId,
      author: toAuthor(row.target.author),
    },
    resolvedAt: row.report.resolved_at?.toISOString() ?? null,
  };
}

export function toBlockedProfile(row: BlockListRow): BlockedProfile {
  return { ...toAuthor(row.person), blockedAt: row.blockedAt.toISOString() };
}
