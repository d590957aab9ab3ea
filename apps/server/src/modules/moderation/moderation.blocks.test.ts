import type { ActivityPage, Album, Comment, Conversation, Post } from '@sys/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateProfile } from '../../test/discovery.ts';
import { publishPost } from '../../test/media.ts';
import {
  changedTables,
  createTestAppWithRoutes,
  type TestAppWithRoutes,
  tableFingerprints,
  WRITE_METHODS,
} from '../../test/routes.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * The block matrix: a block hides each side from the other on every route. For each route that shows or
 * acts on another person's things, each case below asks it as one side about the other's things, after
 * Alice blocked Bob and after Bob blocked Alice, both ways round (the blocker asking and the blocked
 * person asking), and expects the thing hidden or the act refused (a refused write changes no table);
 * after the unblock the same request must reach the thing again, so that a case cannot pass by
 * answering nothing to anyone.
 *
 * The route list comes from the app: a new route fails "classifies every route" until it gets a case
 * here, or a line in NOT_ABOUT_OTHERS saying why a block does not concern it.
 */

/** One side of the block, with their things (made before any block). */
interface Side {
  user: TestUser;
  username: string;
  /** A public post with one tagged item (brand Zara, style Casual). */
  post: Post;
  itemId: string;
  /** A second public post, for the swipe case (a swiped post leaves the deck). */
  extra: Post;
  /** A public album holding `post`. */
  album: string;
  /** A public album holding their own post and the other side's post. */
  mixed: string;
  /** Their comment under Carol's post. */
  comment: Comment;
}

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

interface BlockCase {
  /** The route as the app lists it: `METHOD url`. */
  route: string;
  /** What is asked, e.g. "the other's album". */
  what: string;
  request(reader: Side, owner: Side): Request;
  /** Whether the answer shows the owner's thing to the reader, or the reader's act on it went through. */
  reaches(response: LightMyRequestResponse, owner: Side): boolean;
  /** The status of a hidden or refused answer, when it is one status whoever blocked whom. */
  refusedWith?: number;
  /** Run before each block (while nothing is blocked), to set up what the check reads. */
  before?(): Promise<void>;
}

const SERVICE_ROLE_KEY = 'block-matrix-service-role-key';
const CAPTION = 'Quokkablock look #Casual';

let ctx: TestAppWithRoutes;
let alice: Side;
let bob: Side;
let carol: TestUser;
let carolPost: Post;
let carolAlbum: string;
let zaraId: string;
let conversation: Conversation;

async function call(user: TestUser, request: Request): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: request.method,
    url: `/api/v1${request.url}`,
    headers: user.headers,
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

async function ok<T>(user: TestUser, request: Request): Promise<T> {
  const response = await call(user, request);
  if (response.statusCode >= 300)
    throw new Error(`${request.method} ${request.url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

const get = (url: string): Request => ({ method: 'GET', url });
const succeeded = (response: LightMyRequestResponse) => response.statusCode < 300;
const body = <T>(response: LightMyRequestResponse): T => response.json() as T;
const ids = (response: LightMyRequestResponse) =>
  body<{ items: { id: string }[] }>(response).items.map((i) => i.id);
/** A list answer that holds `id`. */
const lists = (id: (owner: Side) => string) => (response: LightMyRequestResponse, owner: Side) =>
  response.statusCode === 200 && ids(response).includes(id(owner));
/** A saved-things page (the reader saved only the owner's): anything listed or counted. */
const savedAny = (response: LightMyRequestResponse) => {
  const page = body<{ items: unknown[]; total: number }>(response);
  return page.items.length > 0 || page.total > 0;
};
/** An album card that shows or counts the owner's post. */
const cardShows = (album: Album, owner: Side) =>
  album.images.some((image) => image.post_id === owner.post.id) ||
  album.post_count > album.images.filter((image) => image.post_id !== owner.post.id).length;

async function makeSide(user: TestUser, username: string): Promise<Omit<Side, 'mixed' | 'comment'>> {
  await updateProfile(ctx.app, user, {
    username,
    measurements_public: true,
    chest_circumference: 90,
    waist_circumference: 70,
    hip_circumference: 95,
  });
  const post = await publishPost(ctx.app, user, { caption: CAPTION });
  const extra = await publishPost(ctx.app, user, { caption: 'Second look' });
  const album = await ok<Album>(user, {
    method: 'POST',
    url: '/albums',
    payload: { name: `${username} looks`, post_id: post.id },
  });
  return { user, username, post, itemId: post.items[0]!.id, extra, album: album.id };
}

beforeAll(async () => {
  ctx = await createTestAppWithRoutes({ authRateLimits: TEST_RATE_LIMITS, serviceRoleKey: SERVICE_ROLE_KEY });
  const [a, b, c] = [await createUser(ctx.app), await createUser(ctx.app), await createUser(ctx.app)];
  carol = c;
  await updateProfile(ctx.app, carol, {
    username: 'carol.blocks',
    measurements_public: true,
    chest_circumference: 90,
    waist_circumference: 70,
    hip_circumference: 95,
  });
  carolPost = await publishPost(ctx.app, carol, { caption: 'Carol look' });
  const sides = [await makeSide(a, 'alice.blocks'), await makeSide(b, 'bob.blocks')] as const;
  const [aliceBase, bobBase] = sides;
  const complete = async (self: typeof aliceBase, other: typeof aliceBase): Promise<Side> => {
    const mixed = await ok<Album>(self.user, {
      method: 'POST',
      url: '/albums',
      payload: { name: 'Mixed', post_id: self.post.id },
    });
    await ok(self.user, { method: 'PUT', url: `/albums/${mixed.id}/posts/${other.post.id}` });
    const comment = await ok<Comment>(self.user, {
      method: 'POST',
      url: `/posts/${carolPost.id}/comments`,
      payload: { body: `${self.username} was here` },
    });
    // Each saves the other's post, product and album, and follows Carol; Carol follows each and clicks
    // their product (so that it trends).
    await ok(self.user, { method: 'PUT', url: `/posts/${other.post.id}/save` });
    // And likes it, which the other's activity lists.
    await ok(self.user, { method: 'PUT', url: `/posts/${other.post.id}/like` });
    await ok(self.user, { method: 'PUT', url: `/items/${other.itemId}/save` });
    await ok(self.user, { method: 'PUT', url: `/albums/${other.album}/save` });
    await ok(self.user, { method: 'PUT', url: `/follows/${carol.id}` });
    await ok(carol, { method: 'PUT', url: `/follows/${self.user.id}` });
    await ok(carol, { method: 'POST', url: `/items/${self.itemId}/click` });
    return { ...self, mixed: mixed.id, comment };
  };
  alice = await complete(aliceBase, bobBase);
  bob = await complete(bobBase, aliceBase);
  const album = await ok<Album>(carol, {
    method: 'POST',
    url: '/albums',
    payload: { name: 'Carol picks', post_id: carolPost.id },
  });
  carolAlbum = album.id;
  for (const side of [alice, bob]) {
    await ok(carol, { method: 'PUT', url: `/albums/${carolAlbum}/posts/${side.post.id}` });
  }
  const brands = await ok<{ items: { id: string; name: string }[] }>(carol, get('/explore/brands'));
  zaraId = brands.items.find((brand) => brand.name === 'Zara')!.id;
  // Alice and Bob talk (starting a conversation needs a follow).
  await ok(alice.user, { method: 'PUT', url: `/follows/${bob.user.id}` });
  conversation = await ok<Conversation>(alice.user, {
    method: 'POST',
    url: '/conversations',
    payload: { profile_id: bob.user.id },
  });
  await ok(alice.user, {
    method: 'POST',
    url: `/conversations/${conversation.id}/messages`,
    payload: { body: 'Hi Bob' },
  });
  await ok(bob.user, {
    method: 'POST',
    url: `/conversations/${conversation.id}/messages`,
    payload: { body: 'Hi Alice' },
  });
}, 180_000);
afterAll(() => ctx?.close());

/** Both have unread messages from the other. */
async function markConversationUnread(): Promise<void> {
  await ctx.app.database.query(
    'update conversation_participants set last_read_at = null where conversation_id = $1',
    [conversation.id],
  );
}

/** Alice and Bob have unread activity only from each other (Carol's follows are read). */
async function markOnlyEachOthersActivityUnread(): Promise<void> {
  await ctx.app.database.query(
    'update activity_items set read_at = case when actor_id in ($1, $2) then null else now() end',
    [alice.user.id, bob.user.id],
  );
}

const CASES: BlockCase[] = [
  // --- profiles -------------------------------------------------------------------------------------------
  {
    route: 'GET /api/v1/profiles/:username',
    what: "the other's profile (the blocker sees only that it is blocked, the blocked person nothing)",
    request: (_r, o) => get(`/profiles/${o.username}`),
    reaches: (response) => response.statusCode === 200 && !body<{ is_blocked: boolean }>(response).is_blocked,
  },
  {
    route: 'GET /api/v1/profiles/:username/stats',
    what: "the other's counts",
    request: (_r, o) => get(`/profiles/${o.username}/stats`),
    reaches: succeeded,
    refusedWith: 404,
  },

  // --- posts ----------------------------------------------------------------------------------------------
  {
    route: 'GET /api/v1/posts/:id',
    what: "the other's post",
    request: (_r, o) => get(`/posts/${o.post.id}`),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'GET /api/v1/profiles/:username/posts',
    what: "the other's posts",
    request: (_r, o) => get(`/profiles/${o.username}/posts?limit=50`),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'GET /api/v1/posts',
    what: "the feed, for the other's post",
    request: () => get('/posts?limit=50'),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'PATCH /api/v1/posts/:id',
    what: "editing the other's post (refused anyway; across a block it is not found)",
    request: (_r, o) => ({ method: 'PATCH', url: `/posts/${o.post.id}`, payload: { caption: 'Mine now' } }),
    reaches: (response) => response.statusCode !== 404,
    refusedWith: 404,
  },
  {
    route: 'DELETE /api/v1/posts/:id',
    what: "deleting the other's post (refused anyway; across a block it is not found)",
    request: (_r, o) => ({ method: 'DELETE', url: `/posts/${o.post.id}` }),
    reaches: (response) => response.statusCode !== 404,
    refusedWith: 404,
  },

  // --- likes, saves, comments, clicks ---------------------------------------------------------------------
  {
    route: 'PUT /api/v1/posts/:id/like',
    what: "liking the other's post",
    request: (_r, o) => ({ method: 'PUT', url: `/posts/${o.post.id}/like` }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'PUT /api/v1/posts/:id/save',
    what: "saving the other's post",
    request: (_r, o) => ({ method: 'PUT', url: `/posts/${o.post.id}/save` }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'GET /api/v1/me/saved-posts',
    what: "one's saved posts, for the other's post (listed or counted)",
    request: () => get('/me/saved-posts?limit=50'),
    reaches: savedAny,
  },
  {
    route: 'GET /api/v1/posts/:id/comments',
    what: "the comments of the other's post",
    request: (_r, o) => get(`/posts/${o.post.id}/comments`),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'GET /api/v1/posts/:id/comments',
    what: "a third person's post's comments, for the other's comment",
    request: () => get(`/posts/${carolPost.id}/comments?limit=50`),
    reaches: lists((o) => o.comment.id),
  },
  {
    route: 'POST /api/v1/posts/:id/comments',
    what: "commenting on the other's post",
    request: (_r, o) => ({ method: 'POST', url: `/posts/${o.post.id}/comments`, payload: { body: 'Hm' } }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'POST /api/v1/posts/:id/comments',
    what: "replying to the other's comment under a third person's post",
    request: (_r, o) => ({
      method: 'POST',
      url: `/posts/${carolPost.id}/comments`,
      payload: { body: 'Reply', parent_id: o.comment.id },
    }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'PUT /api/v1/comments/:id/like',
    what: "liking the other's comment",
    request: (_r, o) => ({ method: 'PUT', url: `/comments/${o.comment.id}/like` }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'DELETE /api/v1/comments/:id',
    what: "deleting the other's comment (refused anyway; across a block it is not found)",
    request: (_r, o) => ({ method: 'DELETE', url: `/comments/${o.comment.id}` }),
    reaches: (response) => response.statusCode !== 404,
    refusedWith: 404,
  },
  {
    route: 'POST /api/v1/items/:id/click',
    what: "following the link of the other's product",
    request: (_r, o) => ({ method: 'POST', url: `/items/${o.itemId}/click` }),
    reaches: succeeded,
    refusedWith: 404,
  },

  // --- wishlist -------------------------------------------------------------------------------------------
  {
    route: 'PUT /api/v1/items/:id/save',
    what: "saving the other's product",
    request: (_r, o) => ({ method: 'PUT', url: `/items/${o.itemId}/save` }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'GET /api/v1/me/saved-products',
    what: "one's saved products, for the other's product (listed or counted)",
    request: () => get('/me/saved-products?limit=50'),
    reaches: savedAny,
  },
  {
    route: 'GET /api/v1/me/wishlist',
    what: "the wishlist screen, for the other's post, product and album (listed or counted)",
    request: () => get('/me/wishlist'),
    reaches: (response) => {
      const summary = body<{
        posts: unknown[];
        products: unknown[];
        albums: unknown[];
        counts: Record<string, number>;
      }>(response);
      return (
        summary.posts.length + summary.products.length + summary.albums.length > 0 ||
        Object.values(summary.counts).some((count) => count > 0)
      );
    },
  },

  // --- albums ---------------------------------------------------------------------------------------------
  {
    route: 'GET /api/v1/albums/:id',
    what: "the other's album",
    request: (_r, o) => get(`/albums/${o.album}`),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'GET /api/v1/albums/:id',
    what: "a third person's album, for the other's post in its count and cover",
    request: () => get(`/albums/${carolAlbum}`),
    reaches: (response, owner) => response.statusCode === 200 && cardShows(body<Album>(response), owner),
  },
  {
    route: 'GET /api/v1/albums/:id/posts',
    what: "the posts of the other's album",
    request: (_r, o) => get(`/albums/${o.album}/posts`),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'GET /api/v1/albums/:id/posts',
    what: "a third person's album's posts, for the other's post",
    request: () => get(`/albums/${carolAlbum}/posts?limit=50`),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'GET /api/v1/profiles/:username/albums',
    what: "the other's albums",
    request: (_r, o) => get(`/profiles/${o.username}/albums?limit=50`),
    reaches: (response) => response.statusCode === 200 && ids(response).length > 0,
  },
  {
    route: 'GET /api/v1/albums',
    what: "explore's albums, for the other's album",
    request: () => get('/albums?limit=50'),
    reaches: lists((o) => o.album),
  },
  {
    route: 'GET /api/v1/me/albums',
    what: "one's own albums, for the other's post in their count and cover",
    request: () => get('/me/albums?limit=50'),
    reaches: (response, owner) =>
      body<{ items: Album[] }>(response).items.some((album) => cardShows(album, owner)),
  },
  {
    route: 'PUT /api/v1/albums/:id/save',
    what: "saving the other's album",
    request: (_r, o) => ({ method: 'PUT', url: `/albums/${o.album}/save` }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'GET /api/v1/me/saved-albums',
    what: "one's saved albums, for the other's album (listed or counted)",
    request: () => get('/me/saved-albums?limit=50'),
    reaches: savedAny,
  },
  {
    route: 'POST /api/v1/albums',
    what: "a new album starting with the other's post",
    request: (_r, o) => ({ method: 'POST', url: '/albums', payload: { name: 'Theirs', post_id: o.post.id } }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'PUT /api/v1/albums/:id/posts/:postId',
    what: "adding the other's post to one's own album",
    request: (r, o) => ({ method: 'PUT', url: `/albums/${r.album}/posts/${o.post.id}` }),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'PATCH /api/v1/albums/:id',
    what: "renaming the other's album (refused anyway; across a block it is not found)",
    request: (_r, o) => ({ method: 'PATCH', url: `/albums/${o.album}`, payload: { name: 'Mine now' } }),
    reaches: (response) => response.statusCode !== 404,
    refusedWith: 404,
  },
  {
    route: 'DELETE /api/v1/albums/:id',
    what: "deleting the other's album (refused anyway; across a block it is not found)",
    request: (_r, o) => ({ method: 'DELETE', url: `/albums/${o.album}` }),
    reaches: (response) => response.statusCode !== 404,
    refusedWith: 404,
  },

  // --- follows --------------------------------------------------------------------------------------------
  {
    route: 'PUT /api/v1/profiles/:username/follow',
    what: 'following the other by username',
    request: (_r, o) => ({ method: 'PUT', url: `/profiles/${o.username}/follow` }),
    reaches: succeeded,
    refusedWith: 403,
  },
  {
    route: 'PUT /api/v1/follows/:profileId',
    what: 'following the other by id',
    request: (_r, o) => ({ method: 'PUT', url: `/follows/${o.user.id}` }),
    reaches: succeeded,
    refusedWith: 403,
  },
  {
    route: 'GET /api/v1/profiles/:username/followers',
    what: "the other's followers",
    request: (_r, o) => get(`/profiles/${o.username}/followers?limit=50`),
    reaches: (response) => response.statusCode === 200 && ids(response).length > 0,
  },
  {
    route: 'GET /api/v1/profiles/:username/following',
    what: 'whom the other follows',
    request: (_r, o) => get(`/profiles/${o.username}/following?limit=50`),
    reaches: (response) => response.statusCode === 200 && ids(response).length > 0,
  },
  {
    route: 'GET /api/v1/profiles/:username/followers',
    what: "a third person's followers, for the other",
    request: () => get('/profiles/carol.blocks/followers?limit=50'),
    reaches: lists((o) => o.user.id),
  },
  {
    route: 'GET /api/v1/profiles/:username/following',
    what: 'whom a third person follows, for the other',
    request: () => get('/profiles/carol.blocks/following?limit=50'),
    reaches: lists((o) => o.user.id),
  },

  // --- explore, search, swipes ----------------------------------------------------------------------------
  {
    route: 'GET /api/v1/explore',
    what: 'the explore hub, for the other as a creator, their product and their album',
    request: () => get('/explore'),
    reaches: (response, owner) => {
      const hub = body<{ creators: { id: string }[]; trending: { id: string }[]; albums: { id: string }[] }>(
        response,
      );
      return (
        hub.creators.some((creator) => creator.id === owner.user.id) ||
        hub.trending.some((item) => item.id === owner.itemId) ||
        hub.albums.some((album) => album.id === owner.album)
      );
    },
  },
  {
    route: 'GET /api/v1/explore/creators',
    what: 'top creators, for the other',
    request: () => get('/explore/creators?limit=50'),
    reaches: lists((o) => o.user.id),
  },
  {
    route: 'GET /api/v1/explore/trending',
    what: "trending products, for the other's product",
    request: () => get('/explore/trending?limit=50'),
    reaches: lists((o) => o.itemId),
  },
  {
    route: 'GET /api/v1/explore/brands/:brandId',
    what: "a brand's page, for the other's post",
    request: () => get(`/explore/brands/${zaraId}?limit=50`),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'GET /api/v1/explore/categories/:category',
    what: "a style's page, for the other's post",
    request: () => get('/explore/categories/casual?limit=50'),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'GET /api/v1/tags/:tag/posts',
    what: "a hashtag's page, for the other's post",
    request: () => get('/tags/casual/posts?limit=50'),
    reaches: (response, owner) =>
      lists((o) => o.post.id)(response, owner) && body<{ total: number }>(response).total > 0,
  },
  {
    route: 'GET /api/v1/search',
    what: "search, for the other's post",
    request: () => get('/search?q=quokkablock&limit=50'),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'GET /api/v1/search/suggestions',
    what: 'suggestions while typing, for the other person',
    request: (_reader, owner) => get(`/search/suggestions?q=${encodeURIComponent(owner.username)}`),
    reaches: (response, owner) =>
      response.statusCode === 200 &&
      body<{ people: { id: string }[] }>(response).people.some((person) => person.id === owner.user.id),
  },
  {
    route: 'GET /api/v1/posts/filtered',
    what: "the filtered feed, for the other's post",
    request: () => get('/posts/filtered?limit=50'),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'GET /api/v1/posts/fits-like-me',
    what: "'Fits like me', for the other's posts (listed or counted)",
    request: () => get('/posts/fits-like-me?limit=50'),
    reaches: (response, owner) => {
      const page = body<{ items: { id: string }[]; total: number }>(response);
      return page.items.some((post) => post.id === owner.post.id) || page.total > page.items.length;
    },
  },
  {
    route: 'GET /api/v1/swipes/deck',
    what: "the swipe deck, for the other's post",
    request: () => get('/swipes/deck?limit=50'),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'GET /api/v1/posts/for-you',
    what: "'For you', for the other's post",
    request: () => get('/posts/for-you?limit=50'),
    reaches: lists((o) => o.post.id),
  },
  {
    route: 'POST /api/v1/swipes',
    what: "swiping the other's post",
    request: (_r, o) => ({
      method: 'POST',
      url: '/swipes',
      payload: { outfit_id: o.extra.id, action: 'like' },
    }),
    reaches: succeeded,
    refusedWith: 404,
  },

  // --- messages -------------------------------------------------------------------------------------------
  {
    route: 'POST /api/v1/conversations',
    what: 'starting (or reopening) the conversation with the other',
    request: (_r, o) => ({ method: 'POST', url: '/conversations', payload: { profile_id: o.user.id } }),
    reaches: succeeded,
    refusedWith: 403,
  },
  {
    route: 'GET /api/v1/conversations',
    what: 'the conversations, for the one with the other',
    request: () => get('/conversations?limit=50'),
    reaches: lists(() => conversation.id),
  },
  {
    route: 'GET /api/v1/conversations/:id',
    what: 'the conversation with the other',
    request: () => get(`/conversations/${conversation.id}`),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'GET /api/v1/conversations/:id/messages',
    what: "the conversation's messages",
    request: () => get(`/conversations/${conversation.id}/messages`),
    reaches: succeeded,
    refusedWith: 404,
  },
  {
    route: 'POST /api/v1/conversations/:id/messages',
    what: 'writing to the other',
    request: () => ({
      method: 'POST',
      url: `/conversations/${conversation.id}/messages`,
      payload: { body: 'Still there?' },
    }),
    reaches: succeeded,
    refusedWith: 403,
  },
  {
    route: 'POST /api/v1/conversations/:id/read',
    what: 'marking the conversation with the other read',
    request: () => ({ method: 'POST', url: `/conversations/${conversation.id}/read` }),
    reaches: succeeded,
    refusedWith: 404,
    before: markConversationUnread,
  },
  {
    route: 'GET /api/v1/me/unread-count',
    what: "the unread count, for the other's messages",
    request: () => get('/me/unread-count'),
    reaches: (response) => body<{ unread_count: number }>(response).unread_count > 0,
    before: markConversationUnread,
  },
  // --- activity -------------------------------------------------------------------------------------------
  {
    route: 'GET /api/v1/mentions/suggestions',
    what: "the mention suggestions, for the other's username",
    request: (_r, o) => get(`/mentions/suggestions?q=${o.username}`),
    reaches: lists((o) => o.user.id),
  },
  {
    route: 'GET /api/v1/activity',
    what: "one's activity, for the other's like",
    request: () => get('/activity?limit=50'),
    reaches: (response, owner) =>
      response.statusCode === 200 &&
      body<ActivityPage>(response).items.some((item) => item.actors.some((a) => a.id === owner.user.id)),
  },
  {
    route: 'GET /api/v1/activity/unread-count',
    what: "the unread activity count, for the other's like",
    request: () => get('/activity/unread-count'),
    reaches: (response) => body<{ unread_count: number }>(response).unread_count > 0,
    before: markOnlyEachOthersActivityUnread,
  },
];

/**
 * Routes a block does not concern, and why. Taking back one's own like, save, follow or album entry
 * changes only the caller's own rows and shows nothing of the other, so it stays possible across a block.
 */
const NOT_ABOUT_OTHERS: Record<string, string> = {
  'DELETE /api/v1/posts/:id/like': "takes back one's own like",
  'DELETE /api/v1/posts/:id/save': "takes back one's own save",
  'DELETE /api/v1/comments/:id/like': "takes back one's own like",
  'DELETE /api/v1/items/:id/save': "takes back one's own save",
  'DELETE /api/v1/albums/:id/save': "takes back one's own save",
  'DELETE /api/v1/albums/:id/posts/:postId': "takes a post out of one's own album",
  'DELETE /api/v1/messages/:id': "takes back one's own message (only its sender may)",
  'DELETE /api/v1/profiles/:username/follow': "ends one's own follow (a block already ended it)",
  'DELETE /api/v1/follows/:profileId': "ends one's own follow (a block already ended it)",
  'GET /api/v1/profiles/me': "one's own profile",
  'PATCH /api/v1/profiles/me': "one's own profile",
  'POST /api/v1/posts': "publishes one's own post",
  'POST /api/v1/swipes/batch':
    "records one's own swipe history as sent: a post one cannot see is kept as sent, like a deleted one",
  'GET /api/v1/swipes/preferences': "one's own preferences",
  'DELETE /api/v1/swipes': "forgets one's own preferences",
  'PUT /api/v1/swipes/preferences/entries': "turns one's own learned value up or down",
  'DELETE /api/v1/swipes/preferences/entries': "removes one's own learned value",
  'GET /api/v1/brands': 'brand names, nobody in particular',
  'GET /api/v1/explore/brands': 'brands with item counts, nobody in particular',
  'POST /api/v1/reports':
    'goes to the moderators, not to the other; the blocker may still report whom they blocked',
  'POST /api/v1/activity/read': "marks one's own activity read",
  'POST /api/v1/activity/items/:itemId/read':
    "marks one's own item read (one from across a block is hidden, and reading it shows nothing)",
  'GET /api/v1/push/public-key': "the server's key, nobody in particular",
  'POST /api/v1/push/subscriptions':
    "one's own device (across a block no item is made, so nothing is pushed)",
  'DELETE /api/v1/push/subscriptions': "one's own device",
  'GET /api/v1/me/activity-settings': "one's own settings",
  'PUT /api/v1/me/activity-settings': "one's own settings",
  'GET /api/v1/mutes': 'the mute itself, which only changes what reaches the muter',
  'GET /api/v1/mutes/:profileId': 'the mute itself, which only changes what reaches the muter',
  'POST /api/v1/mutes/:profileId': 'the mute itself, which only changes what reaches the muter',
  'DELETE /api/v1/mutes/:profileId': 'the mute itself, which only changes what reaches the muter',
  'GET /api/v1/blocks': 'the block itself',
  'POST /api/v1/blocks/:profileId': 'the block itself',
  'DELETE /api/v1/blocks/:profileId': 'the block itself',
  'GET /api/v1/admin/reports': "the moderators' review",
  'PATCH /api/v1/admin/reports/:id': "the moderators' review",
  'DELETE /api/v1/admin/posts/:id': "the moderators' review",
  'DELETE /api/v1/admin/comments/:id': "the moderators' review",
  'GET /api/v1/events':
    "live counts of the profiles asked for, which anyone (visitors too) may watch; one's own messages",
  'GET /api/health': 'the service',
  'GET /api/health/live': 'the service',
};

/** Whole areas a block does not concern: sign-in and one's own uploads (media are served by address). */
const NOT_ABOUT_OTHERS_PREFIXES: [string, string][] = [
  ['/auth/', "the auth service: one's own account"],
  ['/functions/', 'reads a shop page for the caller'],
  ['/api/v1/storage/', "one's own uploads"],
  ['/media/', 'stored files, served to anyone who has the address'],
];

function exemption(route: { url: string; key: string }): string | undefined {
  return (
    NOT_ABOUT_OTHERS[route.key] ??
    NOT_ABOUT_OTHERS_PREFIXES.find(([prefix]) => route.url.startsWith(prefix))?.[1]
  );
}

const DIRECTIONS = (): [reader: Side, owner: Side][] => [
  [alice, bob],
  [bob, alice],
];

async function expectHidden(c: BlockCase, reader: Side, owner: Side, blocker: Side): Promise<void> {
  const request = c.request(reader, owner);
  const label = `${c.what}: ${reader.username} asks after ${blocker.username}'s block`;
  const write = WRITE_METHODS.has(request.method);
  const before = write ? await tableFingerprints(ctx.app) : undefined;
  const response = await call(reader.user, request);
  expect(c.reaches(response, owner), `${label}: ${response.statusCode} ${response.body}`).toBe(false);
  if (c.refusedWith !== undefined) expect(response.statusCode, label).toBe(c.refusedWith);
  else expect(response.statusCode, label).toBeLessThan(500);
  if (before) expect(changedTables(before, await tableFingerprints(ctx.app)), label).toEqual([]);
}

async function expectReached(c: BlockCase, reader: Side, owner: Side): Promise<void> {
  const response = await call(reader.user, c.request(reader, owner));
  expect(
    c.reaches(response, owner),
    `${c.what}: ${reader.username} asks with no block: ${response.statusCode} ${response.body}`,
  ).toBe(true);
}

describe('a block hides each side from the other on every route', () => {
  it('classifies every route: a case below, or why a block does not concern it', () => {
    const covered = new Set(CASES.map((c) => c.route));
    const known = new Set(ctx.routes.map((route) => route.key));
    const unclassified = ctx.routes
      .filter((route) => !covered.has(route.key) && exemption(route) === undefined)
      .map((route) => route.key);
    expect(unclassified).toEqual([]);
    // And no case or exemption names a route that is gone.
    expect([...covered].filter((key) => !known.has(key))).toEqual([]);
    expect(Object.keys(NOT_ABOUT_OTHERS).filter((key) => !known.has(key))).toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.route}: ${c.what}`, async () => {
      for (const blocker of [alice, bob]) {
        const blocked = blocker === alice ? bob : alice;
        const unblock = { method: 'DELETE', url: `/blocks/${blocked.user.id}` } as const;
        await c.before?.();
        await ok(blocker.user, { method: 'POST', url: `/blocks/${blocked.user.id}` });
        try {
          for (const [reader, owner] of DIRECTIONS()) await expectHidden(c, reader, owner, blocker);
        } finally {
          // A failed case must not leave its block to the cases after it.
          await ok(blocker.user, unblock);
        }
        await c.before?.();
        for (const [reader, owner] of DIRECTIONS()) await expectReached(c, reader, owner);
      }
    });
  }
});
