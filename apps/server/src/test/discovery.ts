import type { UpdateProfileBody } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import type { NewPostItemRow } from '../db/schema/index.ts';
import { writeNewPost } from '../modules/posts/posts.service.ts';
import { indexPostsForDiscovery } from '../modules/search-index/search-index.ts';
import type { TestUser } from './users.ts';

/*
 * Factories for discovery tests, which need many posts with chosen items and times: posts are written
 * through the posts module's own write path (writeNewPost, as the demo seed does), so they are indexed
 * exactly as published ones, without uploading an image for each.
 */

export type SeedItem = Partial<Omit<NewPostItemRow, 'post_id'>>;

export interface SeedPostInput {
  caption?: string;
  items?: SeedItem[];
  createdAt?: Date;
}

/** Writes a public post of `owner` and returns its id. */
export async function seedPost(
  app: FastifyInstance,
  owner: { id: string },
  input: SeedPostInput = {},
): Promise<string> {
  return app.database.db.transaction((tx) =>
    writeNewPost(tx, {
      ownerId: owner.id,
      caption: input.caption ?? '',
      media: [{ media_url: '/media/post-media/test/seed.jpg', media_type: 'image', media_order: 0 }],
      items: (input.items ?? []).map((item, index) => ({
        link: `https://shop.example.com/${index}`,
        item_order: index,
        ...item,
      })),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    }),
  );
}

/** Makes a post private (no API does; tests need hidden posts) and reindexes it as the write path would. */
export async function makePostPrivate(app: FastifyInstance, postId: string): Promise<void> {
  await app.database.query(`update posts set visibility = 'private' where id = $1`, [postId]);
  await indexPostsForDiscovery(app.database.db, [postId]);
}

/** PATCH /api/v1/profiles/me. */
export async function updateProfile(
  app: FastifyInstance,
  user: TestUser,
  body: UpdateProfileBody,
): Promise<void> {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/profiles/me',
    headers: user.headers,
    payload: body as Record<string, unknown>,
  });
  if (response.statusCode !== 200)
    throw new Error(`profile update failed: ${response.statusCode} ${response.body}`);
}

/** A small deterministic random source (mulberry32), so generated data is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
