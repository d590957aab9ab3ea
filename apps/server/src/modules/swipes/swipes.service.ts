import {
  type AdjustPreferenceBody,
  buildPreferenceCounters,
  createEmptyPreferenceAdjustments,
  createEmptyPreferenceCounters,
  createSwipeEvent,
  type Deck,
  DISCOVERY_LIMITS,
  forgetRemovedValues,
  LIMITS,
  type PageQuery,
  POST_MESSAGES,
  type Post,
  type PostPage,
  type PreferenceAdjustments,
  type PreferenceCounters,
  type PreferenceRemoval,
  type Preferences,
  preferenceKeyOf,
  type RemovePreferenceQuery,
  rankOutfitsByCounters,
  type SwipeEvent,
  type SwipeInput,
  SwipeInputSchema,
  type SwipeResult,
  scoreOutfit,
  summarizePreferences,
  swipedOutfitFromPost,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf } from '../../lib/paging.ts';
import { decodeScoredCursor, encodeScoredCursor, type ScoredPosition } from '../../lib/ranked-cursor.ts';
import type { ExploreService, RankableOutfit } from '../explore/explore.service.ts';
import type { PostsService } from '../posts/posts.service.ts';
import { toSwipeEvent, toSwipeEventRow } from './swipes.mapper.ts';
import {
  deletePreferenceAdjustments,
  deleteSwipeEvents,
  findPreferenceAdjustments,
  findRecentSwipeEvents,
  insertSwipeEvents,
  markPreferenceRemoved,
  upsertPreferenceAdjustment,
} from './swipes.repository.ts';

export interface SwipesServiceDeps {
  db: Db;
  posts: PostsService;
  explore: ExploreService;
}

/** Swipe times later than this past the server's clock are no real swipes (a clock that far off). */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/*
 * 'For you' cursors say which part of the feed comes next: `r.` continues the ranked window of the newest
 * posts, `f.` the plain newest-first feed after it.
 */
const RANKED = 'r.';
const FEED = 'f.';

function invalidCursor(): AppError {
  return new AppError(400, 'validation_failed', 'Invalid cursor', [
    { field: 'querystring.cursor', message: 'Invalid cursor' },
  ]);
}

/** Whether `item` comes after `position` in the order (score desc, created_at desc, id desc). */
function isAfter(
  item: { score: number; createdAt: Date; postId: string },
  position: ScoredPosition,
): boolean {
  if (item.score !== position.score) return item.score < position.score;
  const time = item.createdAt.getTime() - position.createdAt.getTime();
  if (time !== 0) return time < 0;
  return item.postId < position.id;
}

/**
 * Swipes and the preferences they teach (spec sections 3, 4 and 9): events of signed-in users are stored
 * (single, or a guest's local history merged once after sign-in), their newest 500 make the preference
 * counters, and the counters order the swipe deck and the 'For you' feed with the shared scoring.
 */
export class SwipesService {
  constructor(private readonly deps: SwipesServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  // --- recording ------------------------------------------------------------------------------------------

  /** One swipe of a post the user can see. */
  async recordSwipe(userId: string, input: SwipeInput): Promise<SwipeResult> {
    const created = this.swipeTime(input.created_at);
    if (created === null)
      throw badRequest('The swipe time is in the future', [
        { field: 'body.created_at', message: 'In the future' },
      ]);
    const [post] = await this.deps.posts.getPostsByIds(userId, [input.outfit_id]);
    if (!post) throw notFound(POST_MESSAGES.postNotFound);
    const event = createSwipeEvent(swipedOutfitFromPost(post), input.action, created);
    const inserted = await insertSwipeEvents(this.db, [toSwipeEventRow(userId, event)]);
    return { inserted, duplicates: 1 - inserted, skipped: 0 };
  }

  /**
   * A guest's local events, merged after sign-in. Each event names its time, and (outfit, time) identifies
   * it, so a retried or repeated merge stores nothing twice. Events of posts the server knows are recorded
   * from the post (its tags, author and item colours); events of posts that are gone keep what was sent.
   * Entries that are no valid swipe are skipped.
   */
  async recordBatch(userId: string, entries: readonly unknown[]): Promise<SwipeResult> {
    const inputs: (SwipeInput & { time: number })[] = [];
    for (const entry of entries) {
      const parsed = SwipeInputSchema.safeParse(entry);
      const time = parsed.success ? this.swipeTime(parsed.data.created_at) : null;
      if (parsed.success && time !== null) inputs.push({ ...parsed.data, time });
    }
    const posts = await this.deps.posts.getPostsByIds(userId, [
      ...new Set(inputs.map((input) => input.outfit_id)),
    ]);
    const byId = new Map(posts.map((post) => [post.id, post]));
    const events = inputs
      .map((input) => this.eventOf(input, byId.get(input.outfit_id), input.time))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    const inserted = await insertSwipeEvents(
      this.db,
      events.map((event) => toSwipeEventRow(userId, event)),
    );
    return { inserted, duplicates: events.length - inserted, skipped: entries.length - events.length };
  }

  private eventOf(input: SwipeInput, post: Post | undefined, time: number): SwipeEvent {
    if (post) return createSwipeEvent(swipedOutfitFromPost(post), input.action, time);
    const clean = (values: readonly string[] | undefined) =>
      (values ?? []).map((value) => value.trim()).filter((value) => value !== '');
    return {
      outfit_id: input.outfit_id,
      action: input.action,
      tags: clean(input.tags),
      brand: input.brand?.trim() || null,
      category: input.category?.trim() || null,
      colors: clean(input.colors),
      product_brands: clean(input.product_brands),
      created_at: new Date(time).toISOString(),
    };
  }

  /** The swipe's time: the one sent, or now; null when it lies too far in the future. */
  private swipeTime(createdAt: string | undefined): number | null {
    const now = Date.now();
    if (createdAt === undefined) return now;
    const time = new Date(createdAt).getTime();
    return time > now + FUTURE_TOLERANCE_MS ? null : time;
  }

  // --- preferences ----------------------------------------------------------------------------------------

  /** What the newest swipes (spec: 500) taught: the events newest first, removals applied, and adjustments. */
  private async learned(
    userId: string,
  ): Promise<{ events: SwipeEvent[]; adjustments: PreferenceAdjustments }> {
    const [rows, adjustmentRows] = await Promise.all([
      findRecentSwipeEvents(this.db, userId, LIMITS.serverPreferenceLoadLimit),
      findPreferenceAdjustments(this.db, userId),
    ]);
    const adjustments = createEmptyPreferenceAdjustments();
    const removals: PreferenceRemoval[] = [];
    for (const row of adjustmentRows) {
      if (row.adjustment) adjustments[row.dimension][row.key] = row.adjustment;
      if (row.removed_at)
        removals.push({ dimension: row.dimension, key: row.key, removed_at: row.removed_at.toISOString() });
    }
    return { events: forgetRemovedValues(rows.map(toSwipeEvent), removals), adjustments };
  }

  private async rankingOf(
    viewerId: string | null,
  ): Promise<{ counters: PreferenceCounters; adjustments?: PreferenceAdjustments }> {
    if (!viewerId) return { counters: createEmptyPreferenceCounters() };
    const { events, adjustments } = await this.learned(viewerId);
    return { counters: buildPreferenceCounters(events), adjustments };
  }

  /** The preference counters and the preferences summary of them, with the person's adjustments. */
  async getPreferences(userId: string): Promise<Preferences> {
    const { events, adjustments } = await this.learned(userId);
    return {
      counters: buildPreferenceCounters(events),
      // Oldest first, so that each value is labelled as it was most recently swiped.
      summary: summarizePreferences([...events].reverse(), undefined, adjustments),
    };
  }

  /** 'More/less like this' of one learned value (or 'none': back to what the swipes taught). */
  async adjustPreference(userId: string, body: AdjustPreferenceBody): Promise<Preferences> {
    const target = this.targetOf(userId, body, 'body.key');
    await upsertPreferenceAdjustment(this.db, target, body.adjustment === 'none' ? null : body.adjustment);
    return this.getPreferences(userId);
  }

  /** Forgets one learned value: the swipes so far no longer teach it, and its adjustment goes. */
  async removePreference(userId: string, query: RemovePreferenceQuery): Promise<Preferences> {
    await markPreferenceRemoved(this.db, this.targetOf(userId, query, 'querystring.key'));
    return this.getPreferences(userId);
  }

  private targetOf(userId: string, entry: RemovePreferenceQuery, field: string) {
    const key = preferenceKeyOf(entry.dimension, entry.key);
    if (key === '') throw badRequest('The value has no letters or digits', [{ field, message: 'Empty key' }]);
    return { profile_id: userId, dimension: entry.dimension, key };
  }

  /** Reset of the preferences: forgets every swipe of the user and what they adjusted. */
  async resetPreferences(userId: string): Promise<void> {
    await deleteSwipeEvents(this.db, userId);
    await deletePreferenceAdjustments(this.db, userId);
  }

  // --- ranking --------------------------------------------------------------------------------------------

  /**
   * The swipe deck: of the newest public posts the user has not swiped yet (and did not post), the best
   * matches for their preferences first. Visitors get the newest posts; their preferences live in their
   * browser.
   */
  async getDeck(viewerId: string | null, limit: number): Promise<Deck> {
    const candidates = await this.deps.explore.findRankableOutfits({
      limit: viewerId ? DISCOVERY_LIMITS.deckCandidates : limit,
      excludeAuthorId: viewerId,
      notSwipedBy: viewerId,
      viewerId,
    });
    const { counters, adjustments } = await this.rankingOf(viewerId);
    const ranked = rankOutfitsByCounters(candidates, counters, adjustments).slice(0, limit);
    return { items: await this.postsOf(viewerId, ranked) };
  }

  /**
   * 'For you': the newest public posts (spec-free window of 500) ordered by the viewer's preferences, then
   * the older ones newest first. For visitors, whose preferences are local, this is the newest-first feed.
   */
  async listForYou(viewerId: string | null, page: PageQuery): Promise<PostPage> {
    const cursor = page.cursor;
    if (cursor?.startsWith(FEED)) {
      const feed = await this.deps.posts.listFeed(viewerId, {
        limit: page.limit,
        cursor: cursor.slice(FEED.length),
      });
      return { items: feed.items, next_cursor: feed.next_cursor && `${FEED}${feed.next_cursor}` };
    }
    if (cursor !== undefined && !cursor.startsWith(RANKED)) throw invalidCursor();
    const after = decodeScoredCursor(cursor?.slice(RANKED.length));

    const window = await this.deps.explore.findRankableOutfits({
      limit: DISCOVERY_LIMITS.forYouWindow,
      viewerId,
    });
    const { counters, adjustments } = await this.rankingOf(viewerId);
    const scores = new Map(
      window.map((outfit) => [outfit.postId, scoreOutfit(outfit, counters, adjustments)]),
    );
    const ranked = rankOutfitsByCounters(window, counters, adjustments).map((outfit) => ({
      ...outfit,
      score: scores.get(outfit.postId) ?? 0,
    }));
    const remaining = after ? ranked.filter((outfit) => isAfter(outfit, after)) : ranked;
    const shown = pageOf(
      remaining,
      page.limit,
      (last) =>
        `${RANKED}${encodeScoredCursor({ score: last.score, createdAt: last.createdAt, id: last.postId })}`,
    );
    // Past the ranked window, the older posts follow newest first, as the feed lists them.
    const oldest = window.at(-1);
    const nextCursor =
      shown.nextCursor ??
      (window.length === DISCOVERY_LIMITS.forYouWindow && oldest
        ? `${FEED}${encodeKeysetCursor({ createdAt: oldest.createdAt, id: oldest.postId })}`
        : null);
    return { items: await this.postsOf(viewerId, shown.items), next_cursor: nextCursor };
  }

  private postsOf(viewerId: string | null, outfits: readonly RankableOutfit[]): Promise<Post[]> {
    return this.deps.posts.getPostsByIds(
      viewerId,
      outfits.map((outfit) => outfit.postId),
    );
  }
}
