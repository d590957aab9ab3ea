import {
  type DroppedItemImage,
  type ParsedPostItemInput,
  POST_MESSAGES,
  type PostMediaInput,
} from '@sys/shared';
import type {
  NewPostItemRow,
  NewPostMediaRow,
  PostItemRow,
  PostMediaRow,
  StorageObjectRow,
} from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { StorageService } from '../storage/storage.service.ts';

/*
 * A post's media and items, checked beyond the request's shape before they are written: media must be the
 * author's own uploads (or already on the post), item images ours or stored from their shop now.
 */

/** Stores images from other sites as a user's media: each link's stored copy, or why it could not be. */
export interface ProductImageMirror {
  mirrorAll(
    ownerId: string,
    urls: readonly string[],
  ): Promise<ReadonlyMap<string, { ok: true; url: string } | { ok: false; message: string }>>;
}

/** What the checks read: the author's uploads, and a way to store images from other sites. */
export interface PostInputDeps {
  storage: Pick<StorageService, 'findOwnedObjects' | 'publicUrl'>;
  productImages: ProductImageMirror;
}

export type MediaRowInput = Omit<NewPostMediaRow, 'post_id'>;

/**
 * A post's media row for an upload, as the upload stands now: a transcoded video shows its MP4 (whatever
 * URL the client sent, the one the upload answered or the MP4's) and poster.
 */
export function mediaOfUpload(
  storage: Pick<StorageService, 'publicUrl'>,
  upload: StorageObjectRow,
  sentUrl: string,
): Omit<MediaRowInput, 'media_order'> {
  const transcoded = upload.source_path !== null && upload.path !== upload.source_path;
  return {
    media_url: transcoded ? storage.publicUrl(upload.path) : sentUrl,
    media_type: upload.kind,
    width: upload.width,
    height: upload.height,
    placeholder: upload.placeholder,
    variants: upload.variants ?? [],
    status: upload.status,
    poster_url: upload.poster_path ? storage.publicUrl(upload.poster_path) : null,
    storage_object_id: upload.kind === 'video' ? upload.id : null,
  };
}
export type ItemRowInput = Omit<NewPostItemRow, 'post_id'> & { id?: string };

export interface ResolvedItems {
  rows: ItemRowInput[];
  /** Image links that could not be stored: their items have no image. */
  dropped: DroppedItemImage[];
  /** The /media URLs stored for this request, to remove again if the post is not written. */
  mirrored: string[];
}

export function isOurMediaUrl(url: string): boolean {
  return url.startsWith('/media/');
}

/**
 * Sorts the media by their `order` (the request's order breaks ties) and numbers them from 0. Each URL
 * must be the author's own upload in `post-media` of the declared type, or already be on the post.
 */
export async function resolveMedia(
  deps: PostInputDeps,
  userId: string,
  input: readonly PostMediaInput[],
  current: readonly PostMediaRow[],
): Promise<MediaRowInput[]> {
  const sorted = input
    .map((media, index) => ({ media, index }))
    .sort((a, b) => (a.media.order ?? a.index) - (b.media.order ?? b.index) || a.index - b.index)
    .map(({ media }) => media);
  const uploads = await deps.storage.findOwnedObjects(
    userId,
    'post-media',
    sorted.map((m) => m.url),
  );
  const onPost = new Map(current.map((row) => [row.media_url, row]));
  const problems: { field: string; message: string }[] = [];
  const rows = sorted.map((media, order): MediaRowInput => {
    const upload = uploads.get(media.url);
    if (upload) {
      if (upload.kind !== media.type) {
        problems.push({ field: `body.media.${order}.type`, message: `The file is a ${upload.kind}` });
      }
      return { ...mediaOfUpload(deps.storage, upload, media.url), media_order: order };
    }
    const existing = onPost.get(media.url);
    if (existing) {
      return {
        media_url: existing.media_url,
        media_type: existing.media_type,
        media_order: order,
        width: existing.width,
        height: existing.height,
        placeholder: existing.placeholder,
        variants: existing.variants,
        status: existing.status,
        poster_url: existing.poster_url,
        storage_object_id: existing.storage_object_id,
      };
    }
    problems.push({ field: `body.media.${order}.url`, message: POST_MESSAGES.mediaNotOurs });
    return { media_url: media.url, media_type: media.type, media_order: order };
  });
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  return rows;
}

/**
 * Checks the items' images: the author's own upload or an image already on the post are kept as they
 * are; any other (http(s)) link is fetched and stored as the author's media, or dropped (the item is
 * saved without an image, and the answer says so).
 */
export async function resolveItems(
  deps: PostInputDeps,
  userId: string,
  input: readonly ParsedPostItemInput[],
  current: readonly PostItemRow[],
): Promise<ResolvedItems> {
  const ownImages = input
    .map((item) => item.image_url)
    .filter((url): url is string => url !== null && isOurMediaUrl(url));
  const uploads = await deps.storage.findOwnedObjects(userId, 'post-media', ownImages);
  const onPost = new Set(current.map((item) => item.image_url));
  const problems: { field: string; message: string }[] = [];
  const rows = input.map((item, index): ItemRowInput => {
    if (item.image_url !== null && isOurMediaUrl(item.image_url)) {
      const upload = uploads.get(item.image_url);
      if (upload?.kind !== 'image' && !onPost.has(item.image_url)) {
        problems.push({
          field: `body.items.${index}.imageUrl`,
          message: 'The item image must be your own uploaded image',
        });
      }
    }
    return {
      ...(item.id !== undefined ? { id: item.id } : {}),
      item_order: index,
      item_type: item.item_type,
      brand: item.brand,
      link: item.link,
      size: item.size,
      title: item.title,
      image_url: item.image_url,
      price: item.price,
      currency: item.currency,
      color: item.color,
      pattern: item.pattern,
    };
  });
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  return mirrorItemImages(deps.productImages, userId, rows);
}

/** Replaces each item's image link that is not ours with the stored copy, or with none. */
async function mirrorItemImages(
  productImages: ProductImageMirror,
  userId: string,
  rows: ItemRowInput[],
): Promise<ResolvedItems> {
  const links = rows
    .map((row) => row.image_url)
    .filter((url): url is string => url != null && !isOurMediaUrl(url));
  if (links.length === 0) return { rows, dropped: [], mirrored: [] };
  const results = await productImages.mirrorAll(userId, links);
  const dropped: DroppedItemImage[] = [];
  const resolved = rows.map((row, index) => {
    const link = row.image_url;
    if (link == null || isOurMediaUrl(link)) return row;
    const result = results.get(link);
    if (result?.ok) return { ...row, image_url: result.url };
    dropped.push({ index, url: link, reason: result?.message ?? 'The image could not be stored' });
    return { ...row, image_url: null };
  });
  const mirrored = [...results.values()].flatMap((result) => (result.ok ? [result.url] : []));
  return { rows: resolved, dropped, mirrored };
}
