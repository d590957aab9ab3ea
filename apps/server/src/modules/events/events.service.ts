import type { LiveEvent, Message } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { type EventSink, type LiveEventBus, postTopic, profileTopic, userTopic } from './events.bus.ts';

/** Who opened a stream and what it follows (only posts they may see). */
export interface Subscriber {
  userId: string | null;
  profileIds: readonly string[];
  postIds: readonly string[];
}

/** What a new stream is told first, so that it starts from the current state (also after a reconnect). */
export type SnapshotSource = (subscriber: Subscriber) => Promise<LiveEvent[]>;

/**
 * The posts among `postIds` that `viewerId` (null: a visitor) may see. The posts module answers it with
 * its own visibility rule; events cannot ask posts directly, which already depends on events.
 */
export type VisiblePosts = (viewerId: string | null, postIds: readonly string[]) => Promise<string[]>;

/**
 * The live events the other modules publish, by what happened. Publishing happens after the change
 * committed and never fails the request that made the change: a missed live update costs a stale
 * number until the next one (or the client's next fetch), so errors are logged and swallowed.
 */
export class LiveEventsService {
  private readonly snapshotSources: SnapshotSource[] = [];
  /** Until the posts module answers, no post can be followed. */
  private visiblePosts: VisiblePosts = async () => [];

  constructor(
    private readonly bus: LiveEventBus,
    private readonly profiles: ProfilesService,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.addSnapshotSource(async ({ profileIds }) => this.statsEvents(profileIds));
  }

  /** Posts or follows of these profiles changed: everyone watching them gets their new counts. */
  async profileStatsChanged(profileIds: readonly string[]): Promise<void> {
    await this.safely('profile.stats', async () => {
      for (const event of await this.statsEvents([...new Set(profileIds)])) {
        await this.bus.publish([profileTopic(event.profile_id)], event);
      }
    });
  }

  /** A message was sent: both participants' streams get it. */
  async messageCreated(message: Message, participantIds: readonly string[]): Promise<void> {
    await this.safely('message.created', () =>
      this.bus.publish(participantIds.map(userTopic), { type: 'message.created', message }),
    );
  }

  /** Its sender deleted a message: both participants' open streams take it out of the thread. */
  async messageDeleted(
    conversationId: string,
    messageId: string,
    participantIds: readonly string[],
  ): Promise<void> {
    await this.safely('message.deleted', () =>
      this.bus.publish(participantIds.map(userTopic), {
        type: 'message.deleted',
        conversation_id: conversationId,
        message_id: messageId,
      }),
    );
  }

  /** A user's total of unread messages changed (a message arrived, or they read a conversation). */
  async unreadChanged(userId: string, unreadCount: number): Promise<void> {
    await this.safely('unread.changed', () =>
      this.bus.publish([userTopic(userId)], { type: 'unread.changed', unread_count: unreadCount }),
    );
  }

  /** A user's number of unread activity groups changed: every open stream of theirs gets it. */
  async activityUnreadChanged(userId: string, unreadCount: number): Promise<void> {
    await this.safely('activity.unread', () =>
      this.bus.publish([userTopic(userId)], { type: 'activity.unread', unread_count: unreadCount }),
    );
  }

  /** A post's like count changed: everyone watching the post gets it (it is the same for every viewer). */
  async postLikesChanged(postId: string, likeCount: number): Promise<void> {
    await this.safely('post.likes', () =>
      this.bus.publish([postTopic(postId)], { type: 'post.likes', post_id: postId, like_count: likeCount }),
    );
  }

  /**
   * A post's comments changed. Only the post is named: the comment itself, and the count, depend on
   * each watcher's blocks, so their clients refetch through the API, which filters for them.
   */
  async postCommentsChanged(postId: string): Promise<void> {
    await this.safely('post.comments', () =>
      this.bus.publish([postTopic(postId)], { type: 'post.comments', post_id: postId }),
    );
  }

  /** The posts module's answer to which posts a viewer may follow (set by the composition root). */
  setVisiblePosts(check: VisiblePosts): void {
    this.visiblePosts = check;
  }

  /** The posts among `postIds` the viewer may see: the only ones a stream may follow. */
  async followablePosts(viewerId: string | null, postIds: readonly string[]): Promise<string[]> {
    return postIds.length === 0 ? [] : this.visiblePosts(viewerId, postIds);
  }

  /** Modules add what a fresh stream should be told first (messages adds the unread count). */
  addSnapshotSource(source: SnapshotSource): void {
    this.snapshotSources.push(source);
  }

  async snapshot(subscriber: Subscriber): Promise<LiveEvent[]> {
    const lists = await Promise.all(this.snapshotSources.map((source) => source(subscriber)));
    return lists.flat();
  }

  subscribe(topics: readonly string[], sink: EventSink): () => void {
    return this.bus.subscribe(topics, sink);
  }

  /** Streams of this instance watching `topic` (tests and diagnostics). */
  subscriberCount(topic: string): number {
    return this.bus.subscriberCount(topic);
  }

  private async statsEvents(profileIds: readonly string[]) {
    if (profileIds.length === 0) return [];
    const stats = await this.profiles.getStatsByIds(profileIds);
    return [...stats].map(([profileId, value]) => ({
      type: 'profile.stats' as const,
      profile_id: profileId,
      stats: value,
    }));
  }

  private async safely(type: LiveEvent['type'], publish: () => Promise<void>): Promise<void> {
    try {
      await publish();
    } catch (error) {
      this.log.warn({ err: error, type }, 'could not publish a live event');
    }
  }
}
