import { ErrorResponseSchema, EVENTS_LIMITS, EventsQuerySchema, type LiveEvent } from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiRateLimiter } from '../../lib/api-rate-limits.ts';
import { badRequest } from '../../lib/errors.ts';
import { type AccessTokens, bearerTokenOf } from '../../plugins/authenticate.ts';
import { isPrivateRequest, PRIVATE_CACHE_CONTROL } from '../../plugins/private-caching.ts';
import { postTopic, profileTopic, userTopic } from './events.bus.ts';
import type { LiveEventsService } from './events.service.ts';
import { SseStream } from './events.stream.ts';

export interface EventsRoutesOptions {
  service: LiveEventsService;
  /** The check of the access token a stream presents, then and whenever the user's access changes. */
  accessTokens: AccessTokens;
  limiter: ApiRateLimiter;
  /** How often an idle stream gets a comment line (EVENTS_LIMITS.heartbeatMs by default). */
  heartbeatMs?: number;
}

const EventStreamSchema = z
  .string()
  .describe(
    'text/event-stream. Starts with a retry: hint and the current state (profile.stats of each watched ' +
      'profile, post.likes of each watched post, unread.changed for a signed-in user), then one event ' +
      'per change; comment lines every 25 s.',
  );

/** GET /api/v1/events: live updates as server-sent events. */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (
  app,
  { service, accessTokens, limiter, heartbeatMs = EVENTS_LIMITS.heartbeatMs },
) => {
  const streams = new Set<SseStream>();
  // Open streams would keep the server from closing (they never go idle): end them first.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.end();
  });

  app.get(
    '/events',
    {
      // Visitors too; a token, from the header or the query, is checked below.
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'Live updates as server-sent events',
        description:
          "`profiles=<id>,<id>` watches those profiles' stats; `posts=<id>,<id>` those posts' likes and " +
          'comments (a post the caller may not see is silently left out); a signed-in user ' +
          '(Authorization header, or `access_token` in the query for EventSource) also gets their ' +
          'messages and unread count. Events: profile.stats, post.likes, post.comments (refetch the ' +
          'comments and the post), message.created, unread.changed, resync (refetch everything). The ' +
          'stream ends when the access token expires; reconnect with a fresh one. Opening streams is ' +
          'rate-limited per user (per IP for visitors): 429 past API_RATE_LIMITS events.',
        querystring: EventsQuerySchema,
        response: {
          200: EventStreamSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // The query's token (EventSource sends no headers) gets the same check as the header's.
      const token = request.query.access_token ?? bearerTokenOf(request);
      const { user, expiresAt } = token
        ? await accessTokens.authenticate(token)
        : { user: null, expiresAt: null };
      const profileIds = request.query.profiles;
      if (profileIds.length === 0 && request.query.posts.length === 0 && !user) {
        throw badRequest('Nothing to follow: pass profiles=<id>,..., posts=<id>,... or sign in', [
          {
            field: 'querystring.profiles',
            message: 'Give at least one profile or post id, or an access token',
          },
        ]);
      }

      // Each stream holds a connection and a database listener's attention: limit how often they are opened.
      await limiter.consume('events', user ? `user:${user.id}` : `ip:${request.ip}`);

      // Only posts the caller may see now; the others are left out without a word, so that the answer
      // is the same for a hidden post as for one that does not exist.
      const postIds = await service.followablePosts(user?.id ?? null, request.query.posts);
      const topics = [
        ...profileIds.map(profileTopic),
        ...postIds.map(postTopic),
        ...(user ? [userTopic(user.id)] : []),
      ];

      // From here on the response is ours to write: Fastify's serialisation and compression stay out.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        // A stream asked for with credentials may carry someone's messages: never stored.
        'cache-control': `${isPrivateRequest(request) ? PRIVATE_CACHE_CONTROL : 'no-cache'}, no-transform`,
        connection: 'keep-alive',
        // nginx and similar proxies would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      request.raw.socket.setNoDelay(true);
      request.raw.socket.setTimeout(0);

      const stream = new SseStream(raw);
      streams.add(stream);
      stream.retry(EVENTS_LIMITS.retryMs);
      stream.comment('connected');

      // Subscribe before reading the snapshot, so nothing that happens in between is lost; but hold
      // what arrives until the snapshot is sent: a snapshot read before a change, sent after that
      // change's event, would otherwise leave the client on the older state.
      let held: LiveEvent[] | null = [];
      const unsubscribe = service.subscribe(topics, (event) => {
        if (held) held.push(event);
        else stream.send(event);
      });
      const heartbeat = setInterval(() => stream.comment('heartbeat'), heartbeatMs);
      // An expired token must not keep a stream of private events open: end it; the client
      // reconnects with its refreshed token.
      const expiry =
        user && expiresAt !== null
          ? setTimeout(() => stream.end(), Math.max(0, expiresAt * 1000 - Date.now()))
          : null;
      // Nor a token whose user was deleted or banned or whose session ended meanwhile (on any instance).
      const stopWatching =
        user && token
          ? accessTokens.watch(user.id, () => {
              accessTokens.authenticate(token).then(
                (still) => {
                  if (!still.user) stream.end();
                },
                () => stream.end(),
              );
            })
          : null;
      stream.onEnd(() => {
        streams.delete(stream);
        unsubscribe();
        clearInterval(heartbeat);
        if (expiry) clearTimeout(expiry);
        stopWatching?.();
      });

      try {
        for (const event of await service.snapshot({ userId: user?.id ?? null, profileIds, postIds }))
          stream.send(event);
      } catch (error) {
        request.log.warn({ err: error }, 'could not send the initial live state');
        stream.send({ type: 'resync' });
      }
      const arrived = held;
      held = null;
      for (const event of arrived) stream.send(event);
      return reply;
    },
  );
};
