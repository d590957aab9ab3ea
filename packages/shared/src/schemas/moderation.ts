import { z } from 'zod';
import { AuthorSchema, PageQuerySchema } from './posts.ts';

/*
 * Safety for a community: reports of posts, comments and users (/api/v1/reports), blocks between two
 * people (/api/v1/blocks) and the administrators' review of reports (/api/v1/admin/...). A block works
 * both ways: neither person sees the other's posts, comments, profile or messages, and neither can
 * message or follow the other.
 */

export const REPORT_TARGET_TYPES = ['post', 'comment', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The fixed list a reporter chooses from; the web app names each in the user's language. */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'nudity',
  'violence',
  'scam',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** open: waiting for an administrator; resolved: acted on; dismissed: nothing wrong found. */
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const MODERATION_LIMITS = {
  reportNoteMaxChars: 500,
} as const;

export const MODERATION_MESSAGES = {
  invalidTargetType: `Target type must be one of ${REPORT_TARGET_TYPES.join(', ')}`,
  invalidReason: `Reason must be one of ${REPORT_REASONS.join(', ')}`,
  noteTooLong: `Note must be at most ${MODERATION_LIMITS.reportNoteMaxChars} characters`,
  targetNotFound: 'The reported content was not found',
  cannotReportOwn: 'You cannot report your own content',
  cannotReportSelf: 'You cannot report yourself',
  alreadyReported: 'You have already reported this',
  cannotBlockSelf: 'You cannot block yourself',
  blockedMessaging: 'You cannot message this person',
  blockedFollow: 'You cannot follow this person',
  reportNotFound: 'Report not found',
  adminOnly: 'Only administrators can do this',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------------------

/** POST /api/v1/reports. A person reports a thing once; their own posts, comments and self are refused. */
export const CreateReportBodySchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { error: MODERATION_MESSAGES.invalidTargetType }),
  target_id: z.uuid(),
  reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.invalidReason }),
  /** Optional words for the reviewer; trimmed, empty becomes null. */
  note: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || value.length <= MODERATION_LIMITS.reportNoteMaxChars, {
      message: MODERATION_MESSAGES.noteTooLong,
    }),
});
export type CreateReportBody = z.input<typeof CreateReportBodySchema>;
export type ParsedCreateReportBody = z.output<typeof CreateReportBodySchema>;

export const ReportSchema = z.object({
  id: z.uuid(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

/** What an administrator sees of the reported thing; null once it is gone. */
export const ReportTargetSchema = z.object({
  /** The post's caption, the comment's text, or the user's bio. */
  text: z.string().nullable(),
  /** The post's first media file (a post, or the post a comment is on). */
  media_url: z.string().nullable(),
  /** The post itself, or the post the comment is on. */
  post_id: z.uuid().nullable(),
  /** Who wrote the post or comment, or the reported user. */
  author: AuthorSchema,
});
export type ReportTarget = z.infer<typeof ReportTargetSchema>;

export const AdminReportSchema = ReportSchema.extend({
  reporter: AuthorSchema,
  target: ReportTargetSchema.nullable(),
  resolved_at: z.string().nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportPageSchema = z.object({
  /** Newest first. */
  items: z.array(AdminReportSchema),
  next_cursor: z.string().nullable(),
});
export type AdminReportPage = z.infer<typeof AdminReportPageSchema>;

export const AdminReportsQuerySchema = PageQuerySchema.extend({
  status: z.enum([...REPORT_STATUSES, 'all']).default('open'),
});
export type AdminReportsQuery = z.infer<typeof AdminReportsQuerySchema>;

/** PATCH /api/v1/admin/reports/{id}: close a report (or open it again). */
export const UpdateReportBodySchema = z.object({ status: z.enum(REPORT_STATUSES) });
export type UpdateReportBody = z.infer<typeof UpdateReportBodySchema>;

/** The answer to an administrator's removal: how many open reports of the thing it closed. */
export const RemovalResultSchema = z.object({ removed: z.literal(true), reports_resolved: z.number().int() });
export type RemovalResult = z.infer<typeof RemovalResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------------------

export const BlockedProfileSchema = AuthorSchema.extend({ blocked_at: z.string() });
export type BlockedProfile = z.infer<typeof BlockedProfileSchema>;

export const BlockedProfilePageSchema = z.object({
  /** Most recently blocked first. */
  items: z.array(BlockedProfileSchema),
  next_cursor: z.string().nullable(),
});
export type BlockedProfilePage = z.infer<typeof BlockedProfilePageSchema>;

export const BlockStateSchema = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof BlockStateSchema>;
