import { z } from 'zod';
import { MessageSchema } from './messages.ts';
import { ProfileStatsSchema } from './people.ts';

/*
 * Live updates: GET /api/v1/events is a server-sent event stream. Each event's SSE `event:` field is
 * its `type` and its `data:` the JSON below. Which events a stream carries is chosen by its query:
 * `profiles=<id>,<id>` for those profiles' stats, and, with a signed-in user's `access_token`, that
 * user's messages and unread count. Streams are fed by every server instance (Postgres LISTEN/NOTIFY).
 */

export const EVENTS_LIMITS = {
  /** Profiles one stream may watch. */
  profilesPerStream: 50,
  /** Comment lines keep proxies from closing an idle stream. */
  heartbeatMs: 25_000,
  /** The `retry:` hint: how long a browser's EventSource waits before reconnecting. */
  retryMs: 3000,
} as const;

export const EVENTS_MESSAGES = {
  tooManyStreams: 'Too many live update connections opened. Wait a moment before reconnecting.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const EventsQuerySchema = z.object({
  /** Comma-separated profile ids whose stats to follow. */
  profiles: z
    .string()
    .max(40 * EVENTS_LIMITS.profilesPerStream)
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? '')
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.every((id) => UUID.test(id)), { message: 'profiles must be profile ids' })
    .refine((ids) => ids.length <= EVENTS_LIMITS.profilesPerStream, {
      message: `At most ${EVENTS_LIMITS.profilesPerStream} profiles per stream`,
    }),
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

/** The signed-in user's total of unread messages changed. */
export const UnreadChangedEventSchema = z.object({
  type: z.literal('unread.changed'),
  unread_count: z.number().int(),
});

/**
 * Events may have been missed (the server's database listener reconnected, or an event was too large
 * to send): refetch what the stream was keeping fresh.
 */
export const ResyncEventSchema = z.object({ type: z.literal('resync') });

export const LiveEventSchema = z.discriminatedUnion('type', [
  ProfileStatsEventSchema,
  MessageCreatedEventSchema,
  UnreadChangedEventSchema,
  ResyncEventSchema,
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type LiveEventType = LiveEvent['type'];
