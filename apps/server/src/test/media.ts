import type { CreatePostBody, Post, SavedPost, UploadResponse } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestUser } from './users.ts';

/** A small JPEG of one colour: distinct colours make distinct files. */
export async function makeJpeg(width = 64, height = 48, color = { r: 200, g: 80, b: 120 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** The first bytes of an MP4 file ('ftyp' box, brand isom) followed by filler: enough for the type check. */
export function makeMp4Bytes(size = 4096): Buffer {
  const bytes = Buffer.alloc(size, 0);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(512, 12);
  bytes.write('isomiso2avc1mp41', 8 + 8, 'latin1');
  return bytes;
}

/** Uploads `body` as the raw request body to a storage bucket. */
export function uploadRaw(
  app: FastifyInstance,
  user: TestUser | null,
  body: Buffer,
  options: { bucket?: string; contentType?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/storage/${options.bucket ?? 'post-media'}`,
    headers: { 'content-type': options.contentType ?? 'image/jpeg', ...(user ? user.headers : {}) },
    payload: body,
  });
}

/** Uploads a generated image (or `body`) to post-media and returns the upload's answer. */
export async function uploadImage(
  app: FastifyInstance,
  user: TestUser,
  body?: Buffer,
): Promise<UploadResponse> {
  const color = { r: Math.floor(Math.random() * 255), g: Math.floor(Math.random() * 255), b: 90 };
  const response = await uploadRaw(app, user, body ?? (await makeJpeg(64, 48, color)));
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as UploadResponse;
}

/** A valid post body around already uploaded media. */
export function postBody(media: UploadResponse[], overrides: Partial<CreatePostBody> = {}): CreatePostBody {
  return {
    caption: 'Weekend look',
    media: media.map((m, order) => ({ url: m.public_url, type: m.type, order })),
    items: [{ item_type: 'Dress', brand: 'Zara', link: 'https://shop.example.com/dress', price: '129.90' }],
    ...overrides,
  };
}

/** Uploads `mediaCount` images and publishes a post with them. */
export async function publishPost(
  app: FastifyInstance,
  user: TestUser,
  overrides: Partial<CreatePostBody> = {},
  mediaCount = 1,
): Promise<Post> {
  const media = await Promise.all(Array.from({ length: mediaCount }, () => uploadImage(app, user)));
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    headers: user.headers,
    payload: postBody(media, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`publish failed: ${response.statusCode} ${response.body}`);
  // The post as every later read answers it (only the answer to a save lists dropped product images).
  const { dropped_item_images: _dropped, ...post } = response.json() as SavedPost;
  return post as Post;
}
