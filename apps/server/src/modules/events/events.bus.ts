import type { LiveEvent } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';

/** The one Postgres channel every instance publishes to and listens on. */
export const EVENTS_CHANNEL = 'sys_events';

/**
 * Postgres refuses NOTIFY payloads of 8000 bytes or more. Anything bigger is replaced by a `resync`
 * event for the same topics, which makes clients refetch instead.
 */
const MAX_PAYLOAD_BYTES = 7900;

/** Who receives an event: one profile's or one post's watchers, or one signed-in user's own streams. */
export const profileTopic = (profileId: string) => `profile:${profileId}`;
export const postTopic = (postId: string) => `post:${postId}`;
export const userTopic = (userId: string) => `user:${userId}`;

interface Envelope {
  topics: readonly string[];
  event: LiveEvent;
}

export type EventSink = (event: LiveEvent) => void;

/**
 * Fans database notifications out to this instance's subscribers. A change is published with
 * pg_notify on EVENTS_CHANNEL; every instance (this one included) LISTENs there and hands the event to
 * its own streams that watch one of the event's topics. No subscriber state is shared between
 * instances, so a follow made on one server reaches a browser connected to another.
 */
export class LiveEventBus {
  private readonly topics = new Map<string, Set<EventSink>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(EVENTS_CHANNEL, (payload) => this.deliver(payload), {
      onReconnect: () => this.resyncEveryone(),
    });
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.topics.clear();
    try {
      await stop?.();
    } catch {
      // The database may already be closed (its own onClose hook can run first): nothing left to stop.
    }
  }

  /** Hands this instance's events for any of `topics` to `sink` until the returned function is called. */
  subscribe(topics: readonly string[], sink: EventSink): () => void {
    for (const topic of topics) {
      let sinks = this.topics.get(topic);
      if (!sinks) {
        sinks = new Set();
        this.topics.set(topic, sinks);
      }
      sinks.add(sink);
    }
    return () => {
      for (const topic of topics) {
        const sinks = this.topics.get(topic);
        sinks?.delete(sink);
        if (sinks?.size === 0) this.topics.delete(topic);
      }
    };
  }

  /** Publishes to every instance. Call it after the change committed, so nobody hears of a rolled-back one. */
  async publish(topics: readonly string[], event: LiveEvent): Promise<void> {
    if (topics.length === 0) return;
    let payload = JSON.stringify({ topics, event } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.log.warn({ type: event.type }, 'live event too large for NOTIFY; sending resync instead');
      payload = JSON.stringify({ topics, event: { type: 'resync' } } satisfies Envelope);
    }
    await this.database.notify(EVENTS_CHANNEL, payload);
  }

  /** Number of streams of this instance watching `topic` (tests and diagnostics). */
  subscriberCount(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  private deliver(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.log.warn('ignored a malformed live event notification');
      return;
    }
    if (!Array.isArray(envelope.topics) || typeof envelope.event?.type !== 'string') return;
    // A stream watching several of the event's topics still gets it once.
    const sinks = new Set<EventSink>();
    for (const topic of envelope.topics) for (const sink of this.topics.get(topic) ?? []) sinks.add(sink);
    for (const sink of sinks) this.hand(sink, envelope.event);
  }

  private hand(sink: EventSink, event: LiveEvent): void {
    try {
      sink(event);
    } catch (error) {
      // One broken stream must not keep the event from the others.
      this.log.warn({ err: error }, 'a live event subscriber failed');
    }
  }

  /** The listener lost its connection for a while: every stream may have missed something. */
  private resyncEveryone(): void {
    const sinks = new Set<EventSink>();
    for (const topicSinks of this.topics.values()) for (const sink of topicSinks) sinks.add(sink);
    for (const sink of sinks) this.hand(sink, { type: 'resync' });
  }
}
