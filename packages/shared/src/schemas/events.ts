import { z } from 'zod';
import { MessageSchema } from './messages.ts';
import { ProfileStatsSchema } from './people.ts';

/*
 * Live updates: GET /api/v1/events is a server-sent event stream. Each event's SSE `event:` field is
 * its `type` and its `data:` the JSON below. Which events a stream carries is chosen by its query:
 * `profiles=<id>,<id>` for those profiles' stats, `posts=<id>,<id>` for those posts' likes and
 * comments (only the posts the viewer may see), and, with a signed-in user's `access_token`, that
 * user's messages and unread count. Streams are fed by every server instance (Postgres LISTEN/NOTIFY).
 */

export const EVENTS_LIMITS = {
  /** Profiles one stream may watch. */
  profilesPerStream: 50,
  /** Posts one stream may watch (each is checked against the viewer when the stream opens). */
  postsPerStream: 20,
  /** Comment lines keep proxies from closing an idle stream. */
  heartbeatMs: 25_000,
  /** The `retry:` hint: how long a browser's EventSource waits before reconnecting. */
  retryMs: 3000,
} as const;

export const EVENTS_MESSAGES = {
  tooManyStreams: 'Too many live update connections opened. Wait a moment before reconnecting.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A comma-separated list of at most `max` distinct ids (lower-cased), named `what` in errors. */
function idList(what: string, max: number) {
  return z
    .string()
    .max(40 * max)
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? '')
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.every((id) => UUID.test(id)), {
      message: `${what} must be ${what.slice(0, -1)} ids`,
    })
    .refine((ids) => ids.length <= max, { message: `At most ${max} ${what} per stream` });
}

export const EventsQuerySchema = z.object({
  /** Comma-separated profile ids whose stats to follow. */
  profiles: idList('profiles', EVENTS_LIMITS.profilesPerStream),
  /**
   * Comma-separated post ids whose likes and comments to follow. A post the caller may not see (hidden,
   * someone else's private one, across a block, or none at all) is silently not followed.
   */
  posts: idList('posts', EVENTS_LIMITS.postsPerStream),
  /**
   * The signed-in user's access token: a browser's EventSource cannot send an Authorization header.
   * It is checked like the Bearer token; an invalid or expired one is refused with 401.
   */
  access_token: z.string().min(1).max(4096).optional(),
});

/** A profile's counts changed (a post was published or deleted, a follow was made or removed). */
export const ProfileStatsEventSchema = z.object({
  type: z.literal('profile.stats'),
  profile_id: z.uuid(),
  stats: ProfileStatsSchema,
});

/** A message was sent in one of the signed-in user's conversations (by them or to them). */
export const MessageCreatedEventSchema = z.object({
  type: z.literal('message.created'),
  message: MessageSchema,
});

/** Its sender deleted a message in one of the signed-in user's conversations: it goes from the thread. */
export const MessageDeletedEventSchema = z.object({
  type: z.literal('message.deleted'),
  conversation_id: z.uuid(),
  message_id: z.uuid(),
});

/** The signed-in user's total of unread messages changed. */
export const UnreadChangedEventSchema = z.object({
  type: z.literal('unread.changed'),
  unread_count: z.number().int(),
});

/**
 * The signed-in user's number of unread activity groups changed (someone liked, commented, replied or
 * followed, an item was withdrawn, or they read their activity). Also sent when a stream opens.
 */
export const ActivityUnreadEventSchema = z.object({
  type: z.literal('activity.unread'),
  unread_count: z.number().int(),
});

/**
 * A post's like count changed (it is the same for every viewer). Also sent when a stream opens, for each
 * post it follows.
 */
export const PostLikesEventSchema = z.object({
  type: z.literal('post.likes'),
  post_id: z.uuid(),
  like_count: z.number().int(),
});

/**
 * A post's comments changed (one was added, deleted, removed by moderation, liked or unliked). It names
 * the post only: which comments, and how many, a viewer may see depends on their blocks, so clients
 * refetch the comments and the post through the API, which applies those rules.
 */
export const PostCommentsEventSchema = z.object({
  type: z.literal('post.comments'),
  post_id: z.uuid(),
});

/**
 * Events may have been missed (the server's database listener reconnected, or an event was too large
 * to send): refetch what the stream was keeping fresh.
 */
export const ResyncEventSchema = z.object({ type: z.literal('resync') });

export const LiveEventSchema = z.discriminatedUnion('type', [
  ProfileStatsEventSchema,
  MessageCreatedEventSchema,
  MessageDeletedEventSchema,
  UnreadChangedEventSchema,
  ActivityUnreadEventSchema,
  PostLikesEventSchema,
  PostCommentsEventSchema,
  ResyncEventSchema,
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type LiveEventType = LiveEvent['type'];
