import type { AdminReport, BlockedProfile, Report, ReportReason } from '@sys/shared';
import type { ReportRow } from '../../db/schema/index.ts';
import { toAuthor } from '../posts/posts.mapper.ts';
import type { AdminReportRow, BlockListRow } from './moderation.repository.ts';

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    target_type: row.target_type,
    target_id: row.target_id,
    reason: row.reason as ReportReason,
    note: row.note,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

export function toAdminReport(row: AdminReportRow): AdminReport {
  return {
    ...toReport(row.report),
    reporter: toAuthor(row.reporter),
    target: row.target && {
      text: row.target.text,
      media_url: row.target.mediaUrl,
      post_id: row.target.postId,
      author: toAuthor(row.target.author),
    },
    resolved_at: row.report.resolved_at?.toISOString() ?? null,
  };
}

export function toBlockedProfile(row: BlockListRow): BlockedProfile {
  return { ...toAuthor(row.person), blocked_at: row.blockedAt.toISOString() };
}
