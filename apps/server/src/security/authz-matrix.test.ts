import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPost as writePost } from '../test/discovery.ts';
import { uploadImage } from '../test/media.ts';
import {
  changedTables,
  createTestAppWithRoutes,
  type InjectRequest,
  type TestAppWithRoutes,
  tableFingerprints,
  WRITE_METHODS,
} from '../test/routes.ts';
import { createUser, makeAdmin, TEST_PASSWORD, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';
import { createDevice } from '../test/web-push.ts';

/*
 * The authorisation matrix: every route that can change data, called as a visitor (anonymous), as
 * another user, as the owner of what it acts on and as the administrator, must answer the expected
 * status and change only the tables it should. A refused call must change nothing at all.
 *
 * The route list comes from the app, so a new write route fails "has an entry for every route" until
 * an entry is added below: give it a `prepare` (fresh data and the request, built per caller), the
 * status each caller gets, and the tables a successful call may change.
 *
 * The administrator is a user whose role an administrator set to `supabase_admin` (`makeAdmin`): it runs
 * the auth service's admin API and the data API's /admin routes; everywhere else it is a user like any
 * other and gets no more than another user does.
 */

const SERVICE_ROLE_KEY = 'matrix-service-role-key-0123456789';

type Actor = 'anonymous' | 'other' | 'owner' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'other', 'owner', 'admin'];

interface World {
  app: FastifyInstance;
  /** The owner of what a request acts on (a fresh user per call). */
  owner: TestUser;
  /** Someone else, signed in (a fresh user per call). */
  other: TestUser;
  /** An administrator (a fresh one per call: some calls end its session). */
  admin: TestUser;
  /** A third person when a route needs one (a conversation partner, a followed account). */
  third(): Promise<TestUser>;
  /** A fresh public post of `user` with one item. */
  post(user: TestUser): Promise<{ id: string; itemId: string }>;
}

interface Prepared {
  request: Omit<InjectRequest, 'headers'> & { headers?: Record<string, string> };
  /** A query whose rows belong to the owner; a call by anyone else must leave them as they were. */
  ownerRows?: string;
}

interface MatrixEntry {
  prepare(w: World): Promise<Prepared>;
  status: Record<Actor, number>;
  /** Tables a successful call may change (schema-qualified). */
  changes: string[];
  /** Callers whose successful call must change nothing (an idempotent no-op). */
  unchangedFor?: Actor[];
}

const same = (status: number): Record<Actor, number> => ({
  anonymous: status,
  other: status,
  owner: status,
  admin: status,
});
/** Signed-in users only (administrators are users too); each acts on their own data. */
const usersOnly = (status: number): Record<Actor, number> => ({
  anonymous: 401,
  admin: status,
  other: status,
  owner: status,
});
/** Only the owner; another user, administrators included, gets `refused`. */
const ownerOnly = (status: number, refused = 404): Record<Actor, number> => ({
  anonymous: 401,
  admin: refused,
  other: refused,
  owner: status,
});
/** The administrators' routes (the auth service's admin API and /api/v1/admin). */
const adminOnly = (status: number): Record<Actor, number> => ({
  anonymous: 401,
  other: 403,
  owner: 403,
  admin: status,
});

const json = (method: string, url: string, payload?: unknown): Prepared['request'] => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
});

async function commentOn(w: World, postId: string, user: TestUser): Promise<string> {
  const res = await w.app.inject({
    method: 'POST',
    url: `/api/v1/posts/${postId}/comments`,
    headers: user.headers,
    payload: { body: 'nice' },
  });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.body}`);
  return (res.json() as { id: string }).id;
}

async function albumOf(w: World, user: TestUser, isPublic = true): Promise<string> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/albums',
    headers: user.headers,
    payload: { name: 'Summer', is_public: isPublic },
  });
  if (res.statusCode !== 201) throw new Error(`album failed: ${res.body}`);
  return (res.json() as { id: string }).id;
}

async function conversationOf(w: World, a: TestUser, b: TestUser): Promise<string> {
  await follow(w, a, b);
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: a.headers,
    payload: { profile_id: b.id },
  });
  if (res.statusCode >= 300) throw new Error(`conversation failed: ${res.body}`);
  return (res.json() as { id: string }).id;
}

async function usernameOf(w: World, user: TestUser): Promise<string> {
  const res = await w.app.inject({ method: 'GET', url: '/api/v1/profiles/me', headers: user.headers });
  return (res.json() as { username: string }).username;
}

async function follow(w: World, follower: TestUser, followed: TestUser): Promise<void> {
  const res = await w.app.inject({
    method: 'PUT',
    url: `/api/v1/follows/${followed.id}`,
    headers: follower.headers,
  });
  if (res.statusCode !== 200) throw new Error(`follow failed: ${res.body}`);
}

async function tusUpload(w: World, user: TestUser): Promise<string> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/storage/post-media/resumable',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': '100', ...user.headers },
  });
  if (res.statusCode !== 201) throw new Error(`tus creation failed: ${res.body}`);
  return res.headers.location as string;
}

async function enrolFactor(w: World, user: TestUser): Promise<string> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/auth/v1/factors',
    headers: user.headers,
    payload: { factor_type: 'totp', friendly_name: `phone ${Math.random()}` },
  });
  if (res.statusCode !== 200) throw new Error(`factor failed: ${res.body}`);
  return (res.json() as { id: string }).id;
}

async function identityOf(w: World, user: TestUser): Promise<string> {
  const res = await w.app.inject({ method: 'GET', url: '/auth/v1/user', headers: user.headers });
  return (res.json() as { identities: { identity_id: string }[] }).identities[0]!.identity_id;
}

async function seedPost(app: FastifyInstance, user: TestUser): Promise<{ id: string; itemId: string }> {
  const id = await writePost(app, user, { caption: 'Matrix look', items: [{ item_type: 'Dress' }] });
  const [item] = await app.database.query<{ id: string }>('select id from post_items where post_id = $1', [
    id,
  ]);
  return { id, itemId: item!.id };
}

const POSTS = [
  'public.posts',
  'public.post_media',
  'public.post_items',
  'public.post_search',
  // The filter index's notes of changed search rows (written by triggers on post_search).
  'public.post_search_changes',
  'public.search_terms',
];
const rowsOfOwner = (table: string, column: string) => `select * from ${table} where ${column} = '$OWNER'`;

/** A device's subscription on a public https endpoint of its own (subscribing sends nothing). */
const pushSubscriptionBody = () => {
  const device = createDevice(`https://push.example.com/${randomUUID()}`);
  return { ...device.subscription, language: 'en' };
};

/** Every write route: what the four callers get and what a success may change. */
const MATRIX: Record<string, MatrixEntry> = {
  // --- profiles and follows ---------------------------------------------------------------------------
  'PATCH /api/v1/profiles/me': {
    prepare: async () => ({
      request: json('PATCH', '/api/v1/profiles/me', { bio: 'matrix' }),
      ownerRows: rowsOfOwner('profiles', 'id'),
    }),
    status: usersOnly(200),
    changes: ['public.profiles'],
  },
  'PUT /api/v1/profiles/:username/follow': {
    prepare: async (w) => ({
      request: json('PUT', `/api/v1/profiles/${await usernameOf(w, w.owner)}/follow`),
    }),
    // Following oneself is refused (spec: no self-follow); anyone else may follow.
    status: { anonymous: 401, admin: 200, other: 200, owner: 422 },
    changes: ['public.follows', 'public.activity_items', 'public.activity_groups'],
  },
  'DELETE /api/v1/profiles/:username/follow': {
    prepare: async (w) => {
      await follow(w, w.other, w.owner);
      return { request: json('DELETE', `/api/v1/profiles/${await usernameOf(w, w.owner)}/follow`) };
    },
    status: { anonymous: 401, admin: 200, other: 200, owner: 422 },
    changes: ['public.follows', 'public.activity_items', 'public.activity_groups'],
  },
  'PUT /api/v1/follows/:profileId': {
    prepare: async (w) => ({ request: json('PUT', `/api/v1/follows/${w.owner.id}`) }),
    status: { anonymous: 401, admin: 200, other: 200, owner: 422 },
    changes: ['public.follows', 'public.activity_items', 'public.activity_groups'],
  },
  'DELETE /api/v1/follows/:profileId': {
    prepare: async (w) => {
      await follow(w, w.other, w.owner);
      return { request: json('DELETE', `/api/v1/follows/${w.owner.id}`) };
    },
    status: { anonymous: 401, admin: 200, other: 200, owner: 422 },
    changes: ['public.follows', 'public.activity_items', 'public.activity_groups'],
  },

  // --- posts --------------------------------------------------------------------------------------------
  'POST /api/v1/posts': {
    // The media were uploaded by the owner: nobody else may publish them.
    prepare: async (w) => {
      const media = await uploadImage(w.app, w.owner);
      return {
        request: json('POST', '/api/v1/posts', {
          caption: 'Matrix look',
          media: [{ url: media.public_url, type: media.type, order: 0 }],
          items: [{ item_type: 'Dress', link: 'https://shop.example.com/d' }],
        }),
      };
    },
    status: ownerOnly(201, 400),
    changes: [...POSTS, 'public.brands', 'public.storage_objects', 'public.search_terms'],
  },
  'PATCH /api/v1/posts/:id': {
    prepare: async (w) => ({
      request: json('PATCH', `/api/v1/posts/${(await w.post(w.owner)).id}`, { caption: 'Changed' }),
    }),
    status: ownerOnly(200, 403),
    changes: POSTS,
  },
  'DELETE /api/v1/posts/:id': {
    prepare: async (w) => ({ request: json('DELETE', `/api/v1/posts/${(await w.post(w.owner)).id}`) }),
    status: ownerOnly(204, 403),
    changes: [...POSTS, 'public.storage_objects', 'public.activity_items', 'public.activity_groups'],
  },
  'PUT /api/v1/posts/:id/like': {
    prepare: async (w) => ({ request: json('PUT', `/api/v1/posts/${(await w.post(w.owner)).id}/like`) }),
    status: usersOnly(200),
    changes: [
      'public.post_likes',
      'public.posts',
      'public.post_search',
      'public.activity_items',
      'public.activity_groups',
    ],
  },
  'DELETE /api/v1/posts/:id/like': {
    prepare: async (w) => {
      const post = await w.post(w.owner);
      for (const user of [w.owner, w.other])
        await w.app.inject({ method: 'PUT', url: `/api/v1/posts/${post.id}/like`, headers: user.headers });
      return {
        request: json('DELETE', `/api/v1/posts/${post.id}/like`),
        ownerRows: rowsOfOwner('post_likes', 'profile_id'),
      };
    },
    status: usersOnly(200),
    changes: [
      'public.post_likes',
      'public.posts',
      'public.post_search',
      'public.activity_items',
      'public.activity_groups',
    ],
  },
  'PUT /api/v1/posts/:id/save': {
    prepare: async (w) => ({ request: json('PUT', `/api/v1/posts/${(await w.post(w.owner)).id}/save`) }),
    status: usersOnly(200),
    changes: ['public.saved_posts'],
  },
  'DELETE /api/v1/posts/:id/save': {
    prepare: async (w) => {
      const post = await w.post(w.owner);
      for (const user of [w.owner, w.other])
        await w.app.inject({ method: 'PUT', url: `/api/v1/posts/${post.id}/save`, headers: user.headers });
      return {
        request: json('DELETE', `/api/v1/posts/${post.id}/save`),
        ownerRows: rowsOfOwner('saved_posts', 'profile_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.saved_posts'],
  },
  'POST /api/v1/posts/:id/comments': {
    prepare: async (w) => ({
      request: json('POST', `/api/v1/posts/${(await w.post(w.owner)).id}/comments`, { body: 'Love it' }),
    }),
    status: usersOnly(201),
    changes: ['public.comments', 'public.posts', 'public.activity_items', 'public.activity_groups'],
  },
  'DELETE /api/v1/comments/:id': {
    // A comment of the owner under a third person's post.
    prepare: async (w) => {
      const post = await w.post(await w.third());
      return { request: json('DELETE', `/api/v1/comments/${await commentOn(w, post.id, w.owner)}`) };
    },
    status: ownerOnly(204, 403),
    changes: ['public.comments', 'public.posts', 'public.activity_items', 'public.activity_groups'],
  },
  'PUT /api/v1/comments/:id/like': {
    prepare: async (w) => {
      const post = await w.post(w.owner);
      return { request: json('PUT', `/api/v1/comments/${await commentOn(w, post.id, w.owner)}/like`) };
    },
    status: usersOnly(200),
    changes: ['public.comment_likes', 'public.comments', 'public.activity_items', 'public.activity_groups'],
  },
  'DELETE /api/v1/comments/:id/like': {
    prepare: async (w) => {
      const post = await w.post(w.owner);
      const id = await commentOn(w, post.id, w.owner);
      for (const user of [w.owner, w.other])
        await w.app.inject({ method: 'PUT', url: `/api/v1/comments/${id}/like`, headers: user.headers });
      return {
        request: json('DELETE', `/api/v1/comments/${id}/like`),
        ownerRows: rowsOfOwner('comment_likes', 'profile_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.comment_likes', 'public.comments', 'public.activity_items', 'public.activity_groups'],
  },
  'POST /api/v1/items/:id/click': {
    prepare: async (w) => ({
      request: json('POST', `/api/v1/items/${(await w.post(w.owner)).itemId}/click`),
    }),
    // Visitors' clicks count too (spec: View Item analytics).
    status: same(200),
    changes: ['public.item_clicks', 'public.post_items'],
  },
  'PUT /api/v1/items/:id/save': {
    prepare: async (w) => ({
      request: json('PUT', `/api/v1/items/${(await w.post(w.owner)).itemId}/save`),
    }),
    status: usersOnly(200),
    changes: ['public.saved_items'],
  },
  'DELETE /api/v1/items/:id/save': {
    prepare: async (w) => {
      const { itemId } = await w.post(w.owner);
      for (const user of [w.owner, w.other])
        await w.app.inject({ method: 'PUT', url: `/api/v1/items/${itemId}/save`, headers: user.headers });
      return {
        request: json('DELETE', `/api/v1/items/${itemId}/save`),
        ownerRows: rowsOfOwner('saved_items', 'profile_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.saved_items'],
  },

  // --- uploads --------------------------------------------------------------------------------------------
  'POST /api/v1/storage/:bucket': {
    prepare: async () => ({
      request: {
        method: 'POST',
        url: '/api/v1/storage/post-media',
        headers: { 'content-type': 'image/png' },
        // A 1x1 PNG.
        payload: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      },
    }),
    status: usersOnly(201),
    changes: ['public.storage_objects'],
  },
  'POST /api/v1/storage/:bucket/resumable': {
    prepare: async () => ({
      request: {
        method: 'POST',
        url: '/api/v1/storage/post-media/resumable',
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '100' },
      },
    }),
    status: usersOnly(201),
    changes: [],
  },
  'POST /api/v1/storage/:bucket/resumable/:id': {
    prepare: async (w) => ({
      request: { method: 'POST', url: await tusUpload(w, w.owner), headers: { 'tus-resumable': '1.0.0' } },
    }),
    // tus creates uploads only at the collection URL.
    status: { anonymous: 401, admin: 404, other: 404, owner: 400 },
    changes: [],
  },
  'PATCH /api/v1/storage/:bucket/resumable': {
    prepare: async () => ({
      request: {
        method: 'PATCH',
        url: '/api/v1/storage/post-media/resumable',
        headers: { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' },
      },
    }),
    status: { anonymous: 401, admin: 404, other: 404, owner: 404 },
    changes: [],
  },
  'PATCH /api/v1/storage/:bucket/resumable/:id': {
    prepare: async (w) => ({
      request: {
        method: 'PATCH',
        url: await tusUpload(w, w.owner),
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: Buffer.alloc(10, 1),
      },
    }),
    status: ownerOnly(204),
    changes: [],
  },
  'DELETE /api/v1/storage/:bucket/resumable': {
    prepare: async () => ({
      request: {
        method: 'DELETE',
        url: '/api/v1/storage/post-media/resumable',
        headers: { 'tus-resumable': '1.0.0' },
      },
    }),
    status: { anonymous: 401, admin: 404, other: 404, owner: 404 },
    changes: [],
  },
  'DELETE /api/v1/storage/:bucket/resumable/:id': {
    prepare: async (w) => ({
      request: { method: 'DELETE', url: await tusUpload(w, w.owner), headers: { 'tus-resumable': '1.0.0' } },
    }),
    status: ownerOnly(204),
    changes: [],
  },

  // --- albums ---------------------------------------------------------------------------------------------
  'POST /api/v1/albums': {
    prepare: async () => ({ request: json('POST', '/api/v1/albums', { name: 'Matrix' }) }),
    status: usersOnly(201),
    changes: ['public.albums'],
  },
  'PATCH /api/v1/albums/:id': {
    prepare: async (w) => ({
      request: json('PATCH', `/api/v1/albums/${await albumOf(w, w.owner)}`, { name: 'X' }),
    }),
    status: ownerOnly(200, 403),
    changes: ['public.albums'],
  },
  'DELETE /api/v1/albums/:id': {
    prepare: async (w) => ({ request: json('DELETE', `/api/v1/albums/${await albumOf(w, w.owner)}`) }),
    status: ownerOnly(204, 403),
    changes: ['public.albums'],
  },
  'PUT /api/v1/albums/:id/posts/:postId': {
    prepare: async (w) => {
      const post = await w.post(await w.third());
      return { request: json('PUT', `/api/v1/albums/${await albumOf(w, w.owner)}/posts/${post.id}`) };
    },
    status: ownerOnly(200, 403),
    changes: ['public.album_posts', 'public.albums'],
  },
  'DELETE /api/v1/albums/:id/posts/:postId': {
    prepare: async (w) => {
      const post = await w.post(await w.third());
      const album = await albumOf(w, w.owner);
      await w.app.inject({
        method: 'PUT',
        url: `/api/v1/albums/${album}/posts/${post.id}`,
        headers: w.owner.headers,
      });
      return { request: json('DELETE', `/api/v1/albums/${album}/posts/${post.id}`) };
    },
    status: ownerOnly(200, 403),
    changes: ['public.album_posts', 'public.albums'],
  },
  'PUT /api/v1/albums/:id/save': {
    prepare: async (w) => ({ request: json('PUT', `/api/v1/albums/${await albumOf(w, w.owner)}/save`) }),
    status: usersOnly(200),
    changes: ['public.saved_albums'],
  },
  'DELETE /api/v1/albums/:id/save': {
    prepare: async (w) => {
      const album = await albumOf(w, w.owner);
      for (const user of [w.owner, w.other])
        await w.app.inject({ method: 'PUT', url: `/api/v1/albums/${album}/save`, headers: user.headers });
      return {
        request: json('DELETE', `/api/v1/albums/${album}/save`),
        ownerRows: rowsOfOwner('saved_albums', 'profile_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.saved_albums'],
  },

  // --- messages -------------------------------------------------------------------------------------------
  'POST /api/v1/conversations': {
    prepare: async (w) => ({ request: json('POST', '/api/v1/conversations', { profile_id: w.owner.id }) }),
    // Only with someone one follows (the owner follows nobody here), never with oneself.
    status: { anonymous: 401, admin: 403, other: 403, owner: 422 },
    changes: ['public.conversations', 'public.conversation_participants'],
  },
  'POST /api/v1/conversations/:id/messages': {
    prepare: async (w) => {
      const id = await conversationOf(w, w.owner, await w.third());
      return { request: json('POST', `/api/v1/conversations/${id}/messages`, { body: 'hi' }) };
    },
    status: ownerOnly(201),
    changes: [
      'public.messages',
      'public.conversations',
      'public.conversation_participants',
      'public.activity_items',
      'public.activity_groups',
    ],
  },
  'DELETE /api/v1/messages/:id': {
    prepare: async (w) => {
      const id = await conversationOf(w, w.owner, await w.third());
      const sent = await w.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/messages`,
        headers: w.owner.headers,
        payload: { body: 'to delete' },
      });
      return {
        request: json('DELETE', `/api/v1/messages/${(sent.json() as { id: string }).id}`),
        ownerRows: rowsOfOwner('messages', 'sender_id'),
      };
    },
    // Strangers to the conversation (the administrator too) do not find it.
    status: ownerOnly(204),
    changes: ['public.messages', 'public.conversations', 'public.activity_items', 'public.activity_groups'],
  },
  'POST /api/v1/conversations/:id/read': {
    prepare: async (w) => {
      const third = await w.third();
      const id = await conversationOf(w, w.owner, third);
      await w.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/messages`,
        headers: third.headers,
        payload: { body: 'hello' },
      });
      return { request: json('POST', `/api/v1/conversations/${id}/read`) };
    },
    status: ownerOnly(200),
    changes: ['public.conversation_participants', 'public.messages'],
  },

  // --- activity -------------------------------------------------------------------------------------------
  'POST /api/v1/activity/read': {
    // A third person liked the owner's post: only the owner's call marks that read.
    prepare: async (w) => {
      const post = await w.post(w.owner);
      const third = await w.third();
      await w.app.inject({ method: 'PUT', url: `/api/v1/posts/${post.id}/like`, headers: third.headers });
      return {
        request: json('POST', '/api/v1/activity/read', {}),
        ownerRows: rowsOfOwner('activity_items', 'recipient_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.activity_items', 'public.activity_groups'],
    unchangedFor: ['other', 'admin'],
  },
  'POST /api/v1/activity/items/:itemId/read': {
    // A third person liked the owner's post: only the owner may mark that item read.
    prepare: async (w) => {
      const post = await w.post(w.owner);
      const third = await w.third();
      await w.app.inject({ method: 'PUT', url: `/api/v1/posts/${post.id}/like`, headers: third.headers });
      const page = await w.app.inject({ method: 'GET', url: '/api/v1/activity', headers: w.owner.headers });
      const itemId = (page.json() as { items: { id: string }[] }).items[0]!.id;
      return {
        request: json('POST', `/api/v1/activity/items/${itemId}/read`),
        ownerRows: rowsOfOwner('activity_items', 'recipient_id'),
      };
    },
    status: ownerOnly(200),
    changes: ['public.activity_items', 'public.activity_groups'],
  },

  // --- push -----------------------------------------------------------------------------------------------
  'POST /api/v1/push/subscriptions': {
    prepare: async () => ({ request: json('POST', '/api/v1/push/subscriptions', pushSubscriptionBody()) }),
    status: usersOnly(200),
    changes: ['public.push_subscriptions'],
  },
  'DELETE /api/v1/push/subscriptions': {
    // The owner's device: only the owner's call forgets it (anyone else's answers the same, changing nothing).
    prepare: async (w) => {
      const body = pushSubscriptionBody();
      await w.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: w.owner.headers,
        payload: body,
      });
      return {
        request: json('DELETE', '/api/v1/push/subscriptions', { endpoint: body.endpoint }),
        ownerRows: rowsOfOwner('push_subscriptions', 'profile_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.push_subscriptions'],
    unchangedFor: ['other', 'admin'],
  },

  // --- discovery ------------------------------------------------------------------------------------------
  'POST /api/v1/swipes': {
    prepare: async (w) => ({
      request: json('POST', '/api/v1/swipes', { outfit_id: (await w.post(w.owner)).id, action: 'like' }),
    }),
    status: usersOnly(201),
    changes: ['public.swipe_events'],
  },
  'POST /api/v1/swipes/batch': {
    prepare: async (w) => ({
      request: json('POST', '/api/v1/swipes/batch', {
        events: [{ outfit_id: (await w.post(w.owner)).id, action: 'dislike' }],
      }),
    }),
    status: usersOnly(200),
    changes: ['public.swipe_events'],
  },
  'DELETE /api/v1/swipes': {
    prepare: async (w) => {
      const post = await w.post(await w.third());
      for (const user of [w.owner, w.other])
        await w.app.inject({
          method: 'POST',
          url: '/api/v1/swipes',
          headers: user.headers,
          payload: { outfit_id: post.id, action: 'like' },
        });
      return {
        request: json('DELETE', '/api/v1/swipes'),
        ownerRows: rowsOfOwner('swipe_events', 'profile_id'),
      };
    },
    status: usersOnly(204),
    changes: ['public.swipe_events'],
  },
  // One's own learned preferences: every signed-in caller adjusts only their own; the owner has one of
  // their own that nobody else's call may touch.
  'PUT /api/v1/swipes/preferences/entries': {
    prepare: async (w) => {
      await w.app.inject({
        method: 'PUT',
        url: '/api/v1/swipes/preferences/entries',
        headers: w.owner.headers,
        payload: { dimension: 'tags', key: 'owners-own', adjustment: 'more' },
      });
      return {
        request: json('PUT', '/api/v1/swipes/preferences/entries', {
          dimension: 'tags',
          key: 'casual',
          adjustment: 'less',
        }),
        ownerRows: rowsOfOwner('swipe_preference_adjustments', 'profile_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.swipe_preference_adjustments'],
  },
  'DELETE /api/v1/swipes/preferences/entries': {
    prepare: async (w) => {
      await w.app.inject({
        method: 'PUT',
        url: '/api/v1/swipes/preferences/entries',
        headers: w.owner.headers,
        payload: { dimension: 'tags', key: 'owners-own', adjustment: 'more' },
      });
      return {
        request: json('DELETE', '/api/v1/swipes/preferences/entries?dimension=tags&key=casual'),
        ownerRows: rowsOfOwner('swipe_preference_adjustments', 'profile_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.swipe_preference_adjustments'],
  },
  'POST /functions/v1/scrape-product': {
    // The server never fetches its own network for a user (SCRAPER_ALLOW_PRIVATE is off here).
    prepare: async () => ({
      request: json('POST', '/functions/v1/scrape-product', { url: 'http://127.0.0.1:1/' }),
    }),
    status: usersOnly(200),
    changes: [],
  },

  'PUT /api/v1/me/activity-settings': {
    prepare: async () => ({
      request: json('PUT', '/api/v1/me/activity-settings', {
        kinds: {
          like: false,
          comment: true,
          reply: true,
          follow: true,
          mention: true,
          message: true,
          comment_like: true,
        },
      }),
      ownerRows: rowsOfOwner('activity_kinds_off', 'profile_id'),
    }),
    status: usersOnly(200),
    changes: ['public.activity_kinds_off'],
  },
  'POST /api/v1/mutes/:profileId': {
    // Muting someone is one's own choice: anyone signed in may mute the owner (not themselves).
    prepare: async (w) => ({ request: json('POST', `/api/v1/mutes/${w.owner.id}`) }),
    status: { anonymous: 401, other: 200, owner: 422, admin: 200 },
    changes: ['public.activity_mutes'],
  },
  'DELETE /api/v1/mutes/:profileId': {
    prepare: async (w) => {
      const third = await w.third();
      await w.app.inject({ method: 'POST', url: `/api/v1/mutes/${third.id}`, headers: w.owner.headers });
      return {
        request: json('DELETE', `/api/v1/mutes/${third.id}`),
        ownerRows: rowsOfOwner('activity_mutes', 'muter_id'),
      };
    },
    status: usersOnly(200),
    changes: ['public.activity_mutes'],
    unchangedFor: ['other', 'admin'],
  },

  // --- reports, blocks and the administrators' review -------------------------------------------------------
  'POST /api/v1/reports': {
    prepare: async (w) => ({
      request: json('POST', '/api/v1/reports', {
        target_type: 'post',
        target_id: (await w.post(w.owner)).id,
        reason: 'spam',
      }),
    }),
    // One's own content cannot be reported.
    status: { anonymous: 401, admin: 201, other: 201, owner: 422 },
    changes: ['public.reports'],
  },
  'POST /api/v1/blocks/:profileId': {
    prepare: async (w) => ({ request: json('POST', `/api/v1/blocks/${w.owner.id}`) }),
    status: { anonymous: 401, admin: 200, other: 200, owner: 422 },
    changes: ['public.blocks', 'public.follows', 'public.activity_items', 'public.activity_groups'],
  },
  'DELETE /api/v1/blocks/:profileId': {
    prepare: async (w) => {
      for (const user of [w.other, w.admin])
        await w.app.inject({ method: 'POST', url: `/api/v1/blocks/${w.owner.id}`, headers: user.headers });
      return { request: json('DELETE', `/api/v1/blocks/${w.owner.id}`) };
    },
    // Unblocking oneself is a no-op.
    status: { anonymous: 401, admin: 200, other: 200, owner: 200 },
    changes: ['public.blocks'],
    unchangedFor: ['owner'],
  },
  'PATCH /api/v1/admin/reports/:id': {
    prepare: async (w) => {
      const post = await w.post(w.owner);
      const report = await w.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: (await w.third()).headers,
        payload: { target_type: 'post', target_id: post.id, reason: 'spam' },
      });
      const id = (report.json() as { id: string }).id;
      return { request: json('PATCH', `/api/v1/admin/reports/${id}`, { status: 'dismissed' }) };
    },
    status: adminOnly(200),
    changes: ['public.reports'],
  },
  'DELETE /api/v1/admin/posts/:id': {
    // Even the owner removes a post through the ordinary route, not the administrators' one.
    prepare: async (w) => ({ request: json('DELETE', `/api/v1/admin/posts/${(await w.post(w.owner)).id}`) }),
    status: adminOnly(200),
    changes: [...POSTS, 'public.storage_objects', 'public.reports'],
  },
  'DELETE /api/v1/admin/comments/:id': {
    prepare: async (w) => {
      const post = await w.post(await w.third());
      return { request: json('DELETE', `/api/v1/admin/comments/${await commentOn(w, post.id, w.owner)}`) };
    },
    status: adminOnly(200),
    changes: [
      'public.comments',
      'public.posts',
      'public.reports',
      'public.activity_items',
      'public.activity_groups',
    ],
  },

  // --- the auth service -----------------------------------------------------------------------------------
  'POST /auth/v1/signup': {
    prepare: async () => ({
      request: json('POST', '/auth/v1/signup', {
        email: `new-${Math.random().toString(36).slice(2)}@example.com`,
        password: TEST_PASSWORD,
      }),
    }),
    status: same(200),
    changes: [
      'auth.identities',
      'auth.users',
      'auth.sessions',
      'auth.refresh_tokens',
      'auth.mfa_amr_claims',
      'public.profiles',
    ],
  },
  'POST /auth/v1/token': {
    prepare: async (w) => ({
      request: json('POST', '/auth/v1/token?grant_type=password', {
        email: w.owner.email,
        password: TEST_PASSWORD,
      }),
    }),
    // The password is the credential; a bearer token beside it changes nothing.
    status: same(200),
    changes: ['auth.users', 'auth.identities', 'auth.sessions', 'auth.refresh_tokens', 'auth.mfa_amr_claims'],
  },
  'POST /auth/v1/logout': {
    prepare: async () => ({
      request: json('POST', '/auth/v1/logout'),
      ownerRows: rowsOfOwner('auth.sessions', 'user_id'),
    }),
    status: { anonymous: 401, admin: 204, other: 204, owner: 204 },
    changes: ['auth.sessions', 'auth.refresh_tokens', 'auth.mfa_amr_claims'],
  },
  'PUT /auth/v1/user': {
    prepare: async () => ({
      request: json('PUT', '/auth/v1/user', { data: { full_name: 'Matrix' } }),
      ownerRows: rowsOfOwner('auth.users', 'id'),
    }),
    status: { anonymous: 401, admin: 200, other: 200, owner: 200 },
    changes: ['auth.users', 'public.profiles'],
  },
  'POST /auth/v1/recover': {
    prepare: async (w) => ({ request: json('POST', '/auth/v1/recover', { email: w.owner.email }) }),
    status: same(200),
    changes: ['auth.users', 'auth.one_time_tokens'],
  },
  'POST /auth/v1/otp': {
    prepare: async (w) => ({
      request: json('POST', '/auth/v1/otp', { email: w.owner.email, create_user: false }),
    }),
    status: same(200),
    changes: ['auth.users', 'auth.one_time_tokens'],
  },
  'POST /auth/v1/resend': {
    // The account is confirmed already (no confirmation step here): nothing to send, nothing changes.
    prepare: async (w) => ({
      request: json('POST', '/auth/v1/resend', { type: 'signup', email: w.owner.email }),
    }),
    status: same(200),
    changes: [],
  },
  'POST /auth/v1/verify': {
    // A wrong code changes nothing for anybody.
    prepare: async (w) => ({
      request: json('POST', '/auth/v1/verify', { type: 'email', email: w.owner.email, token: '000000' }),
    }),
    status: same(403),
    changes: [],
  },
  'GET /auth/v1/verify': {
    prepare: async () => ({ request: json('GET', '/auth/v1/verify?type=signup&token=nope') }),
    status: same(303),
    changes: [],
  },
  'GET /auth/v1/reauthenticate': {
    prepare: async () => ({ request: json('GET', '/auth/v1/reauthenticate') }),
    status: { anonymous: 401, admin: 200, other: 200, owner: 200 },
    changes: ['auth.users', 'auth.one_time_tokens'],
  },
  'POST /auth/v1/sso': {
    prepare: async () => ({ request: json('POST', '/auth/v1/sso', {}) }),
    status: same(404),
    changes: [],
  },
  'POST /auth/v1/factors': {
    prepare: async () => ({
      request: json('POST', '/auth/v1/factors', { factor_type: 'totp', friendly_name: 'p' }),
    }),
    status: { anonymous: 401, admin: 200, other: 200, owner: 200 },
    changes: ['auth.mfa_factors'],
  },
  'POST /auth/v1/factors/:factorId/challenge': {
    prepare: async (w) => ({
      request: json('POST', `/auth/v1/factors/${await enrolFactor(w, w.owner)}/challenge`),
    }),
    status: { anonymous: 401, admin: 404, other: 404, owner: 200 },
    changes: ['auth.mfa_challenges', 'auth.mfa_factors'],
  },
  'POST /auth/v1/factors/:factorId/verify': {
    prepare: async (w) => {
      const factorId = await enrolFactor(w, w.owner);
      const challenge = await w.app.inject({
        method: 'POST',
        url: `/auth/v1/factors/${factorId}/challenge`,
        headers: w.owner.headers,
      });
      const challengeId = (challenge.json() as { id: string }).id;
      return {
        request: json('POST', `/auth/v1/factors/${factorId}/verify`, {
          challenge_id: challengeId,
          code: '000000',
        }),
      };
    },
    // A wrong code: the owner learns it is wrong, nobody else learns the factor exists.
    status: { anonymous: 401, admin: 404, other: 404, owner: 422 },
    changes: [],
  },
  'DELETE /auth/v1/factors/:factorId': {
    prepare: async (w) => ({ request: json('DELETE', `/auth/v1/factors/${await enrolFactor(w, w.owner)}`) }),
    status: { anonymous: 401, admin: 404, other: 404, owner: 200 },
    changes: ['auth.mfa_factors'],
  },
  'DELETE /auth/v1/user/identities/:identityId': {
    prepare: async (w) => ({
      request: json('DELETE', `/auth/v1/user/identities/${await identityOf(w, w.owner)}`),
    }),
    // Manual linking is off (GoTrue's 404 manual_linking_disabled) for every signed-in caller.
    status: { anonymous: 401, admin: 404, other: 404, owner: 404 },
    changes: [],
  },
  'POST /auth/v1/admin/users': {
    prepare: async () => ({
      request: json('POST', '/auth/v1/admin/users', {
        email: `adm-${Math.random().toString(36).slice(2)}@example.com`,
      }),
    }),
    status: adminOnly(200),
    changes: ['auth.users', 'auth.identities', 'public.profiles'],
  },
  'PUT /auth/v1/admin/users/:userId': {
    prepare: async (w) => ({
      request: json('PUT', `/auth/v1/admin/users/${w.owner.id}`, { user_metadata: { x: 1 } }),
    }),
    status: adminOnly(200),
    changes: ['auth.users', 'public.profiles'],
  },
  'DELETE /auth/v1/admin/users/:userId': {
    prepare: async (w) => ({ request: json('DELETE', `/auth/v1/admin/users/${w.owner.id}`, {}) }),
    status: adminOnly(200),
    changes: [
      'auth.users',
      'auth.identities',
      'auth.sessions',
      'auth.refresh_tokens',
      'auth.mfa_amr_claims',
      'public.profiles',
    ],
  },
  'DELETE /auth/v1/admin/users/:userId/factors/:factorId': {
    prepare: async (w) => ({
      request: json('DELETE', `/auth/v1/admin/users/${w.owner.id}/factors/${await enrolFactor(w, w.owner)}`),
    }),
    status: adminOnly(200),
    changes: ['auth.mfa_factors'],
  },
  'POST /auth/v1/admin/generate_link': {
    prepare: async (w) => ({
      request: json('POST', '/auth/v1/admin/generate_link', { type: 'recovery', email: w.owner.email }),
    }),
    status: adminOnly(200),
    changes: ['auth.users', 'auth.one_time_tokens'],
  },
  'POST /auth/v1/invite': {
    prepare: async () => ({
      request: json('POST', '/auth/v1/invite', {
        email: `inv-${Math.random().toString(36).slice(2)}@example.com`,
      }),
    }),
    status: adminOnly(200),
    changes: ['auth.users', 'auth.identities', 'auth.one_time_tokens', 'public.profiles'],
  },
};

/** GET routes that change data (links opened from mails, codes sent by mail). */
const WRITING_GETS = new Set(['GET /auth/v1/verify', 'GET /auth/v1/reauthenticate']);

let ctx: TestAppWithRoutes;

beforeAll(async () => {
  ctx = await createTestAppWithRoutes({ authRateLimits: TEST_RATE_LIMITS, serviceRoleKey: SERVICE_ROLE_KEY });
});
afterAll(() => ctx?.close());

function writeRoutes(): string[] {
  return ctx.routes.filter((r) => WRITE_METHODS.has(r.method) || WRITING_GETS.has(r.key)).map((r) => r.key);
}

describe('the authorisation matrix', () => {
  it('has an entry for every route that changes data', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(
      routes.filter((key) => !MATRIX[key]),
      'write routes without a matrix entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !routes.includes(key)),
      'entries of no route',
    ).toEqual([]);
  });

  for (const [key, entry] of Object.entries(MATRIX)) {
    it(`${key}: ${ACTORS.map((a) => `${a} ${entry.status[a]}`).join(', ')}`, async () => {
      // Fresh people per route; each caller calls once, so one caller's success (a sign-out, a deleted
      // account) cannot change what the next one gets.
      const owner = await createUser(ctx.app);
      const other = await createUser(ctx.app);
      const admin = await makeAdmin(ctx.app, await createUser(ctx.app), SERVICE_ROLE_KEY);
      const world: World = {
        app: ctx.app,
        owner,
        other,
        admin,
        third: () => createUser(ctx.app),
        post: (user) => seedPost(ctx.app, user),
      };
      for (const actor of ACTORS) {
        const { request, ownerRows } = await entry.prepare(world);
        const credential = actor === 'anonymous' ? {} : world[actor].headers;
        const ownerQuery = ownerRows?.replaceAll('$OWNER', owner.id);
        const ownerBefore = ownerQuery ? JSON.stringify(await ctx.app.database.query(ownerQuery)) : '';
        const before = await tableFingerprints(ctx.app);
        const res = await ctx.app.inject({
          ...request,
          headers: { 'x-supabase-api-version': '2024-01-01', ...request.headers, ...credential },
        } as InjectRequest);
        // Recovery and OTP answer first and write their one-time token with the mail, after the answer.
        await ctx.app.services.auth.background.idle();
        const changed = changedTables(before, await tableFingerprints(ctx.app));
        const what = `${key} as ${actor}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBe(entry.status[actor]);
        if (res.statusCode >= 300 || entry.unchangedFor?.includes(actor)) {
          expect(changed, `${what}: a refused or no-op call changed tables`).toEqual([]);
        } else {
          expect(
            changed.filter((t) => !entry.changes.includes(t)),
            `${what}: changed tables it should not`,
          ).toEqual([]);
          if (actor === 'owner' && entry.changes.length > 0)
            expect(changed.length, `${what}: changed nothing`).toBeGreaterThan(0);
        }
        if (ownerQuery && actor !== 'owner') {
          expect(
            JSON.stringify(await ctx.app.database.query(ownerQuery)),
            `${what}: the owner's rows changed`,
          ).toBe(ownerBefore);
        }
      }
    });
  }
});
