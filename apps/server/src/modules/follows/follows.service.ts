import {
  type FollowListPage,
  type FollowState,
  MENTION_SUGGESTIONS_LIMIT,
  type MentionSuggestions,
  type MentionSuggestionsQuery,
  MODERATION_MESSAGES,
  type PageQuery,
  PROFILE_MESSAGES,
  type ProfileStats,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { LiveEventsService } from '../events/events.service.ts';
import { toAuthor } from '../posts/posts.mapper.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import {
  deleteFollow,
  deleteFollowsBetween,
  existsFollow,
  findFollowedAmong,
  findFollowPage,
  findMentionCandidates,
  insertFollow,
  isBlockedBetween,
} from './follows.repository.ts';

export interface FollowsServiceDeps {
  db: Db;
  profiles: ProfilesService;
  events: LiveEventsService;
  /** The person followed hears of it (and the item goes when the follow does). */
  activity: ActivityService;
  /** The feed shows the viewer whom they follow (the posts module): told of a follow or unfollow. */
  feed?: { viewersChanged(viewerIds: readonly string[]): Promise<void> };
}

/** Whom to follow: by username (profile pages) or by id (feed cards, whose author may have no username). */
export type FollowTarget = { username: string } | { profileId: string };

const EMPTY_STATS: ProfileStats = { posts_count: 0, followers_count: 0, following_count: 0 };

/**
 * Follows (spec sections 4 and 7): follow inserts the pair, unfollow deletes it, both harmless to
 * repeat; nobody follows themselves. A change is announced to both profiles' live stats.
 */
export class FollowsService {
  constructor(private readonly deps: FollowsServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  async setFollowing(userId: string, target: FollowTarget, following: boolean): Promise<FollowState> {
    const targetId = await this.resolve(target);
    if (targetId === userId) {
      throw new AppError(422, 'cannot_follow_self', PROFILE_MESSAGES.cannotFollowSelf);
    }
    if (following && (await isBlockedBetween(this.db, userId, targetId))) {
      throw forbidden(MODERATION_MESSAGES.blockedFollow);
    }
    let changed: boolean;
    let recipients: string[] = [];
    const { activity } = this.deps;
    try {
      changed = await this.db.transaction(async (tx) => {
        if (following) {
          const added = await insertFollow(tx, userId, targetId);
          if (added) recipients = await activity.followAdded(tx, userId, targetId);
          return added;
        }
        recipients = await activity.followRemoved(tx, userId, targetId);
        return deleteFollow(tx, userId, targetId);
      });
    } catch (error) {
      // The profile was deleted between the lookup and the insert.
      if (isForeignKeyViolation(error)) throw notFound(PROFILE_MESSAGES.profileNotFound);
      throw error;
    }
    if (changed) {
      await activity.announce(recipients);
      await this.deps.feed?.viewersChanged([userId]);
      await this.deps.events.profileStatsChanged([userId, targetId]);
    }
    const stats = await this.deps.profiles.getStatsByIds([targetId]);
    return { following, stats: stats.get(targetId) ?? EMPTY_STATS };
  }

  /**
   * Ends the follows between two profiles, either way (a block does this), in the caller's transaction
   * when given one. Returns whether any follow went; the caller announces the new counts after it commits.
   */
  async removeBetween(a: string, b: string, tx: Db = this.db): Promise<boolean> {
    return (await deleteFollowsBetween(tx, a, b)) > 0;
  }

  /** Which of `profileIds` the viewer follows (one query; empty for visitors). */
  async followedAmong(viewerId: string | null, profileIds: readonly string[]): Promise<Set<string>> {
    if (!viewerId || profileIds.length === 0) return new Set();
    return new Set(await findFollowedAmong(this.db, viewerId, [...new Set(profileIds)]));
  }

  /** Whom a '@' being typed may mean (see findMentionCandidates). */
  async mentionSuggestions(viewerId: string, query: MentionSuggestionsQuery): Promise<MentionSuggestions> {
    return { items: await findMentionCandidates(this.db, viewerId, query.q, MENTION_SUGGESTIONS_LIMIT) };
  }

  async isFollowing(followerId: string, followingId: string): Promise<boolean> {
    return existsFollow(this.db, followerId, followingId);
  }

  async listFollowers(viewerId: string | null, username: string, query: PageQuery): Promise<FollowListPage> {
    return this.listPage('followers', viewerId, username, query);
  }

  async listFollowing(viewerId: string | null, username: string, query: PageQuery): Promise<FollowListPage> {
    return this.listPage('following', viewerId, username, query);
  }

  private async listPage(
    side: 'followers' | 'following',
    viewerId: string | null,
    username: string,
    query: PageQuery,
  ): Promise<FollowListPage> {
    const after = decodeKeysetCursor(query.cursor);
    const profileId = await this.deps.profiles.requireProfileId(username);
    const rows = await findFollowPage(this.db, side, profileId, viewerId, after, rowsForPage(query.limit));
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.followedAt, id: last.followId }),
    );
    return {
      items: page.items.map((row) => ({
        ...toAuthor(row.person),
        followed_at: row.followedAt.toISOString(),
        is_following: row.viewerFollows,
      })),
      next_cursor: page.nextCursor,
    };
  }

  private async resolve(target: FollowTarget): Promise<string> {
    if ('username' in target) return this.deps.profiles.requireProfileId(target.username);
    if (!(await this.deps.profiles.exists(target.profileId)))
      throw notFound(PROFILE_MESSAGES.profileNotFound);
    return target.profileId;
  }
}
