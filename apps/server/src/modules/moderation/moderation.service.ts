import {
  type AdminReportPage,
  type AdminReportsQuery,
  type BlockedProfilePage,
  type BlockState,
  MODERATION_MESSAGES,
  type PageQuery,
  type ParsedCreateReportBody,
  PROFILE_MESSAGES,
  type RemovalResult,
  type Report,
  type ReportStatus,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import type { FollowsService } from '../follows/follows.service.ts';
import type { PostsService } from '../posts/posts.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { SocialService } from '../social/social.service.ts';
import { toAdminReport, toBlockedProfile, toReport } from './moderation.mapper.ts';
import {
  deleteBlock,
  findAdminReportsPage,
  findBlocksPage,
  findReportable,
  insertBlock,
  insertReport,
  resolveOpenReportsOf,
  updateReportStatus,
} from './moderation.repository.ts';

export interface ModerationServiceDeps {
  db: Db;
  profiles: Pick<ProfilesService, 'exists'>;
  follows: Pick<FollowsService, 'removeBetween'>;
  posts: Pick<PostsService, 'removePostAsModerator' | 'viewersChanged'>;
  social: Pick<SocialService, 'removeCommentAsModerator'>;
  /** Live stats: a block ends follows, which changes both profiles' counts. */
  events?: { profileStatsChanged(profileIds: readonly string[]): Promise<void> };
  /** A block hides what each did to the other from their activity: both hear their new unread count. */
  activity?: { announce(recipientIds: readonly string[]): Promise<void> };
}

const targetNotFound = () => notFound(MODERATION_MESSAGES.targetNotFound);

/**
 * Reports, blocks and the administrators' review. The block itself is enforced where content is read or
 * acted on, by the rules of db/block-filter.ts: every list of people's things filters with it, and every
 * single thing is checked with it; moderation.blocks.test.ts asks every route both ways round.
 */
export class ModerationService {
  constructor(private readonly deps: ModerationServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  // --- reports --------------------------------------------------------------------------------------------

  /**
   * Reports a post, a comment or a user once. The thing must exist and be visible to the reporter (a
   * private post of someone else is 'not found', so its existence does not leak), and must not be theirs.
   */
  async report(userId: string, input: ParsedCreateReportBody): Promise<Report> {
    const target = await findReportable(this.db, input.target_type, input.target_id);
    if (!target || !(target.isPublic || target.postOwnerId === userId)) throw targetNotFound();
    if (target.ownerId === userId) {
      throw new AppError(
        422,
        'cannot_report_own',
        input.target_type === 'user'
          ? MODERATION_MESSAGES.cannotReportSelf
          : MODERATION_MESSAGES.cannotReportOwn,
      );
    }
    let row: Awaited<ReturnType<typeof insertReport>>;
    try {
      row = await insertReport(this.db, {
        reporter_id: userId,
        target_type: input.target_type,
        target_id: input.target_id,
        target_profile_id: target.ownerId,
        reason: input.reason,
        note: input.note,
      });
    } catch (error) {
      // The author's account went away between the lookup and the insert.
      if (isForeignKeyViolation(error)) throw targetNotFound();
      throw error;
    }
    if (!row) throw conflict(MODERATION_MESSAGES.alreadyReported);
    return toReport(row);
  }

  // --- blocks ---------------------------------------------------------------------------------------------

  /**
   * Blocks a profile: from now on neither sees the other's posts, comments, profile or messages, and
   * neither can message or follow the other. The follows between them end in the same transaction.
   */
  async block(userId: string, profileId: string): Promise<BlockState> {
    if (profileId === userId)
      throw new AppError(422, 'cannot_block_self', MODERATION_MESSAGES.cannotBlockSelf);
    if (!(await this.deps.profiles.exists(profileId))) throw notFound(PROFILE_MESSAGES.profileNotFound);
    let unfollowed = false;
    try {
      unfollowed = await this.db.transaction(async (tx) => {
        await insertBlock(tx, userId, profileId);
        return this.deps.follows.removeBetween(userId, profileId, tx);
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(PROFILE_MESSAGES.profileNotFound);
      throw error;
    }
    // Neither sees the other's posts in their feed from their next page on (nor follows them there).
    await this.deps.posts.viewersChanged([userId, profileId]);
    if (unfollowed) await this.deps.events?.profileStatsChanged([userId, profileId]);
    await this.deps.activity?.announce([userId, profileId]);
    return { blocked: true };
  }

  /** Unblocks (harmless to repeat). Follows ended by the block do not come back. */
  async unblock(userId: string, profileId: string): Promise<BlockState> {
    await deleteBlock(this.db, userId, profileId);
    await this.deps.posts.viewersChanged([userId, profileId]);
    // What each did to the other shows in their activity again.
    await this.deps.activity?.announce([userId, profileId]);
    return { blocked: false };
  }

  async listBlocked(userId: string, query: PageQuery): Promise<BlockedProfilePage> {
    const rows = await findBlocksPage(
      this.db,
      userId,
      decodeKeysetCursor(query.cursor),
      rowsForPage(query.limit),
    );
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.blockedAt, id: last.person.id }),
    );
    return { items: page.items.map(toBlockedProfile), next_cursor: page.nextCursor };
  }

  // --- the administrators' review -------------------------------------------------------------------------

  async listReports(query: AdminReportsQuery): Promise<AdminReportPage> {
    const rows = await findAdminReportsPage(this.db, {
      status: query.status,
      after: decodeKeysetCursor(query.cursor),
      limit: rowsForPage(query.limit),
    });
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.report.created_at, id: last.report.id }),
    );
    return { items: page.items.map(toAdminReport), next_cursor: page.nextCursor };
  }

  /** Resolves or dismisses a report (or opens it again). */
  async setReportStatus(reportId: string, status: ReportStatus): Promise<Report> {
    const row = await updateReportStatus(this.db, reportId, status);
    if (!row) throw notFound(MODERATION_MESSAGES.reportNotFound);
    return toReport(row);
  }

  /** Removes a post (with its stored files, as its owner's delete does) and resolves its open reports. */
  async removePost(postId: string): Promise<RemovalResult> {
    await this.deps.posts.removePostAsModerator(postId);
    return { removed: true, reports_resolved: await resolveOpenReportsOf(this.db, 'post', postId) };
  }

  /** Removes a comment (and its replies) and resolves its open reports. */
  async removeComment(commentId: string): Promise<RemovalResult> {
    await this.deps.social.removeCommentAsModerator(commentId);
    return { removed: true, reports_resolved: await resolveOpenReportsOf(this.db, 'comment', commentId) };
  }
}
