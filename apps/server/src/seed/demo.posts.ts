import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { appendStyles } from '@sys/shared';
import type { Db } from '../db/client.ts';
import type { NewPostMediaRow, NewStorageObjectRow } from '../db/schema/index.ts';
import { findItemsOfPosts } from '../modules/posts/posts.repository.ts';
import { writeNewPost } from '../modules/posts/posts.service.ts';
import type { ProcessedImage } from '../modules/storage/storage.images.ts';
import { insertStorageObject } from '../modules/storage/storage.repository.ts';
import { putProcessedImage } from '../modules/storage/storage.service.ts';
import type { Storage } from '../modules/storage/storage.types.ts';
import { processedOutfit, processedProduct } from './demo.art.cache.ts';
import type { ProductSpec } from './demo.art.product.ts';
import type { OutfitSpec } from './demo.art.spec.ts';
import { DEMO_PROFILE_IDS, DEMO_PROFILES } from './demo.data.ts';
import { DEMO_POSTS, type DemoCreator, type DemoPost, type DemoShot } from './demo.posts.data.ts';
import {
  insertDemoComment,
  insertDemoCommentLikes,
  insertDemoItemClicks,
  insertDemoLikes,
} from './demo.repository.ts';
import type { DemoStep } from './demo.step.ts';

/**
 * The demo's outfit posts (demo.posts.data.ts): pictures drawn from the tagged items, stored like uploads
 * (WebP variants, placeholder, a `storage_objects` row owned by the author), then the posts, their
 * likes, comments and item clicks, dated over the last three weeks so that the feed's order means
 * something.
 *
 * Drawing and encoding ~30 portraits is most of the seed's time, so it runs a few at a time on sharp's
 * thread pool; everything touching the database runs after, in the seed's transaction.
 */

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

/** Pictures rendered at once: sharp works off the main thread, so a little more than the cores is fine. */
const RENDER_CONCURRENCY = Math.min(3, Math.max(2, availableParallelism()));

const profileId = (creator: DemoCreator): string => DEMO_PROFILE_IDS[creator];

/** The creator's own look (skin, hair, earrings, glasses), taken from their avatar. */
function lookOf(creator: DemoCreator) {
  const profile = DEMO_PROFILES.find((p) => p.id === profileId(creator));
  if (!profile) throw new Error(`no demo profile for ${creator}`);
  const { skin, hair, earrings, glasses } = profile.avatar;
  return { skin, hair, earrings, glasses };
}

/** The garment fill of an item: its colour and, unless plain, its pattern. */
function garmentOf(item: DemoPost['items'][number]) {
  const plain = item.pattern === null || item.pattern === 'None' || item.pattern === 'Solid';
  return {
    color: item.color ?? 'White',
    ...(plain ? {} : { pattern: item.pattern! }),
    ...(item.accent ? { accent: item.accent } : {}),
  };
}

/** The shape a product without `wear` is drawn as, by its type (jewellery, or clothes by their kind). */
const SHAPE_OF_TYPE: Partial<Record<string, ProductSpec['shape']>> = {
  Necklace: { jewellery: 'necklace' },
  Bracelet: { jewellery: 'bracelet' },
  Rings: { jewellery: 'bracelet' },
  Earrings: { earrings: 'studs' },
  Glasses: { glasses: true },
  Hat: { hat: true },
  Bag: { bag: 'shoulder' },
  Shoes: { shoes: 'sneakers' },
  Dress: { dress: 'midi' },
  Pants: { bottom: 'pants' },
  Skirt: { bottom: 'midi-skirt' },
  Jacket: { top: 'jacket' },
  Sweater: { top: 'sweater' },
};

/** The product picture of an item: the garment it wears in the outfit, in the same colour and pattern. */
export function productSpecFor(item: DemoPost['items'][number]): ProductSpec {
  const wear = item.wear;
  const shape: ProductSpec['shape'] = !wear
    ? (SHAPE_OF_TYPE[item.type] ?? { top: 'tee' })
    : 'top' in wear || 'bottom' in wear || 'dress' in wear || 'shoes' in wear || 'bag' in wear
      ? wear
      : 'hat' in wear
        ? { hat: true }
        : 'glasses' in wear
          ? { glasses: true }
          : { earrings: wear.earrings };
  // Jewellery with no colour of its own is gold.
  const garment = garmentOf(item);
  return { shape, ...garment, color: item.color && item.color !== 'None' ? garment.color : 'Gold' };
}

/** The illustration of one picture of a post: the author, dressed in the post's tagged items. */
export function outfitSpecFor(post: DemoPost, shot: DemoShot): OutfitSpec {
  const spec: OutfitSpec = {
    ...lookOf(post.author),
    ...shot,
    shoes: { kind: 'sneakers', color: 'White' },
    ...post.untagged,
  };
  for (const item of post.items) {
    const wear = item.wear;
    if (!wear) continue;
    const garment = garmentOf(item);
    if ('top' in wear) spec.top = { kind: wear.top, ...garment };
    else if ('bottom' in wear) spec.bottom = { kind: wear.bottom, ...garment };
    else if ('dress' in wear) spec.dress = { kind: wear.dress, ...garment };
    else if ('shoes' in wear) spec.shoes = { kind: wear.shoes, ...garment };
    else if ('bag' in wear) spec.bag = { kind: wear.bag, color: garment.color };
    else if ('hat' in wear) spec.hat = { color: garment.color };
    else if ('glasses' in wear) spec.glasses = true;
    else spec.earrings = wear.earrings;
  }
  return spec;
}

/**
 * Starts `work` for every item, at most `limit` at a time, and returns one promise per item. After a
 * failure no further item starts; `settle()` waits for those already running, so that a caller cleaning
 * up after the failure knows that nothing writes files any more.
 */
function startWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): { results: Promise<R>[]; settle(): Promise<unknown> } {
  let running = 0;
  let failed = false;
  const waiting: (() => void)[] = [];
  const results = items.map(async (item) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      if (failed) throw new Error('cancelled after an earlier failure');
      return await work(item);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  });
  // Unobserved rejections are reported when the caller looks; they must not crash the process first.
  for (const result of results) result.catch(() => {});
  return { results, settle: () => Promise.allSettled(results) };
}

/** A point between two times: `fraction` 0 is `from`, 1 is `to`. */
function between(from: number, to: number, fraction: number): Date {
  return new Date(Math.round(from + (to - from) * fraction));
}

interface StoredShot {
  row: NewStorageObjectRow;
  media: Omit<NewPostMediaRow, 'post_id'>;
}

/**
 * Draws one picture, processes it exactly like an uploaded photo and writes it to the store under the
 * author's folder. Names follow uploads (`{timestamp}-{random}`), the random part being a hash of the
 * bytes: a file under a name never changes, as immutable caching requires.
 */
async function storeShot(
  storage: Storage,
  post: DemoPost,
  shot: DemoShot,
  order: number,
  uploadedAt: Date,
): Promise<StoredShot> {
  const image = await processedOutfit(outfitSpecFor(post, shot));
  const hash = createHash('sha256').update(image.main.data).digest('hex').slice(0, 8);
  const row = await putProcessedImage(
    storage,
    { bucket: 'post-media', ownerId: profileId(post.author), name: `${uploadedAt.getTime()}-${hash}` },
    image,
    [],
  );
  return {
    row: { ...row, created_at: uploadedAt },
    media: {
      media_url: storage.url(row.path),
      media_type: 'image',
      media_order: order,
      width: row.width ?? null,
      height: row.height ?? null,
      placeholder: row.placeholder ?? null,
      variants: row.variants ?? [],
    },
  };
}

/**
 * Draws the product picture of a post's item, processes it like an upload and writes it under the
 * author's folder, as the post form stores a product image the author uploads.
 */
async function storeProduct(
  storage: Storage,
  post: DemoPost,
  item: number,
  uploadedAt: Date,
  drawn: Map<string, Promise<ProcessedImage>>,
): Promise<{ row: NewStorageObjectRow; url: string }> {
  // Products alike (white sneakers...) are drawn once per seed; each still gets its own files.
  const spec = productSpecFor(post.items[item]!);
  const key = JSON.stringify(spec);
  if (!drawn.has(key)) drawn.set(key, processedProduct(spec));
  const image = await drawn.get(key)!;
  const hash = createHash('sha256').update(image.main.data).digest('hex').slice(0, 8);
  const row = await putProcessedImage(
    storage,
    { bucket: 'post-media', ownerId: profileId(post.author), name: `${uploadedAt.getTime()}-${hash}` },
    image,
    [],
  );
  return { row: { ...row, created_at: uploadedAt }, url: storage.url(row.path) };
}

type StoredProduct = Awaited<ReturnType<typeof storeProduct>>;
type Drawn = { shot: StoredShot } | { product: StoredProduct };

interface Counts {
  posts: number;
  images: number;
  items: number;
  likes: number;
  comments: number;
  clicks: number;
}

/** Likes, comments (with replies and their likes) and item clicks of one post, dated after it. */
async function writeReactions(
  db: Db,
  post: DemoPost,
  postId: string,
  postTime: number,
  now: number,
  counts: Counts,
): Promise<void> {
  await insertDemoLikes(
    db,
    post.likedBy.map((creator, i) => ({
      post_id: postId,
      profile_id: profileId(creator),
      created_at: between(postTime, now, (i + 1) / (post.likedBy.length + 3)),
    })),
  );
  counts.likes += post.likedBy.length;

  const comments = post.comments ?? [];
  for (const [i, comment] of comments.entries()) {
    const commentTime = between(postTime, now, (i + 1) / (comments.length + 2)).getTime();
    const commentId = await insertDemoComment(db, {
      post_id: postId,
      profile_id: profileId(comment.by),
      parent_id: null,
      body: comment.text,
      created_at: new Date(commentTime),
    });
    counts.comments += 1;
    for (const [j, reply] of (comment.replies ?? []).entries()) {
      await insertDemoComment(db, {
        post_id: postId,
        profile_id: profileId(reply.by),
        parent_id: commentId,
        body: reply.text,
        created_at: between(commentTime, now, (j + 1) / 4),
      });
      counts.comments += 1;
    }
    await insertDemoCommentLikes(
      db,
      (comment.likedBy ?? []).map((creator, j) => ({
        comment_id: commentId,
        profile_id: profileId(creator),
        created_at: between(commentTime, now, (j + 1) / 5),
      })),
    );
  }

  const clicks = post.clicks ?? [];
  if (clicks.length === 0) return;
  const items = await findItemsOfPosts(db, [postId]);
  const since = Math.max(postTime, now - WEEK);
  await insertDemoItemClicks(
    db,
    clicks.map((click, j) => {
      const item = items[click.item];
      if (!item) throw new Error(`demo post of ${post.author} has no item ${click.item}`);
      const viewer = click.by ? profileId(click.by) : null;
      const visitor = createHash('sha256').update(`demo-visitor|${postId}|${j}`).digest('base64url');
      return {
        item_id: item.id,
        post_id: postId,
        profile_id: viewer,
        viewer_key: viewer ? `profile:${viewer}` : `visitor:${visitor.slice(0, 22)}`,
        created_at: between(since, now, (j + 1) / (clicks.length + 2)),
      };
    }),
  );
  counts.clicks += clicks.length;
}

/**
 * A post with its stored pictures: the storage rows, the post, media and items (each with its product
 * picture), then its reactions.
 */
async function writePost(
  db: Db,
  post: DemoPost,
  shots: StoredShot[],
  products: StoredProduct[],
  postTime: number,
  now: number,
  counts: Counts,
): Promise<void> {
  for (const stored of [...shots, ...products]) await insertStorageObject(db, stored.row);
  const createdAt = new Date(postTime);
  const postId = await writeNewPost(db, {
    ownerId: profileId(post.author),
    caption: appendStyles(post.caption, post.styles),
    media: shots.map((shot) => ({ ...shot.media, created_at: createdAt })),
    items: post.items.map((item, index) => ({
      item_order: index,
      item_type: item.type,
      brand: item.brand,
      link: item.link,
      size: item.size,
      title: item.title,
      image_url: products[index]!.url,
      price: item.price,
      currency: item.currency,
      color: item.color,
      pattern: item.pattern,
      created_at: createdAt,
    })),
    createdAt,
  });
  counts.posts += 1;
  counts.images += shots.length;
  counts.items += post.items.length;
  await writeReactions(db, post, postId, postTime, now, counts);
}

export const postsStep: DemoStep = {
  name: 'posts',
  mediaPaths: DEMO_PROFILES.map((p) => `post-media/${p.id}`),
  async seed({ db, storage }) {
    const now = Date.now();
    const postTime = (post: DemoPost) => Math.round(now - post.hoursAgo * HOUR);
    // Each picture is "uploaded" a minute apart, shortly before its post is published; the product
    // pictures a few seconds apart just before them.
    const drawn = new Map<string, Promise<ProcessedImage>>();
    const jobs = DEMO_POSTS.flatMap((post): { post: DemoPost; draw: () => Promise<Drawn> }[] => {
      const first = postTime(post) - (post.shots.length + 1) * 60_000;
      return [
        ...post.shots.map((shot, order) => ({
          post,
          draw: () =>
            storeShot(storage, post, shot, order, new Date(first + (order + 1) * 60_000)).then((stored) => ({
              shot: stored,
            })),
        })),
        ...post.items.map((_, item) => ({
          post,
          draw: () =>
            storeProduct(storage, post, item, new Date(first + item * 1000), drawn).then((stored) => ({
              product: stored,
            })),
        })),
      ];
    });
    // Pictures are drawn on sharp's threads while the rows of the posts before them are written.
    const rendering = startWithConcurrency(jobs, RENDER_CONCURRENCY, (job) => job.draw());
    const counts: Counts = { posts: 0, images: 0, items: 0, likes: 0, comments: 0, clicks: 0 };
    try {
      for (const post of DEMO_POSTS) {
        const drawn = await Promise.all(rendering.results.filter((_, i) => jobs[i]!.post === post));
        const shots = drawn.flatMap((d) => ('shot' in d ? [d.shot] : []));
        const products = drawn.flatMap((d) => ('product' in d ? [d.product] : []));
        await writePost(db, post, shots, products, postTime(post), now, counts);
      }
    } catch (error) {
      await rendering.settle();
      throw error;
    }
    return (
      `${counts.posts} outfit posts with ${counts.images} generated images and ${counts.items} tagged items; ` +
      `${counts.likes} likes, ${counts.comments} comments, ${counts.clicks} item clicks`
    );
  },
};
