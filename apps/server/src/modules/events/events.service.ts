import type { LiveEvent, Message } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { type EventSink, type LiveEventBus, profileTopic, userTopic } from './events.bus.ts';

/** What a new stream is told first, so that it starts from the current state (also after a reconnect). */
export type SnapshotSource = (subscriber: {
  userId: string | null;
  profileIds: readonly string[];
}) => Promise<LiveEvent[]>;

/**
 * The live events the other modules publish, by what happened. Publishing happens after the change
 * committed and never fails the request that made the change: a missed live update costs a stale
 * number until the next one (or the client's next fetch), so errors are logged and swallowed.
 */
export class LiveEventsService {
  private readonly snapshotSources: SnapshotSource[] = [];

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

  /** A user's total of unread messages changed (a message arrived, or they read a conversation). */
  async unreadChanged(userId: string, unreadCount: number): Promise<void> {
    await this.safely('unread.changed', () =>
      this.bus.publish([userTopic(userId)], { type: 'unread.changed', unread_count: unreadCount }),
    );
  }

  /** Modules add what a fresh stream should be told first (messages adds the unread count). */
  addSnapshotSource(source: SnapshotSource): void {
    this.snapshotSources.push(source);
  }

  async snapshot(subscriber: { userId: string | null; profileIds: readonly string[] }): Promise<LiveEvent[]> {
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
