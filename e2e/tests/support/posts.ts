import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { PASSWORD, signOutButton, submitAuthForm, uniqueEmail } from './auth';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour PNG made here, so the journeys need no image files. */
export function solidPng(rgb: readonly [number, number, number], width = 160, height = 200): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pngFile(name: string, rgb: readonly [number, number, number]) {
  return { name, mimeType: 'image/png', buffer: solidPng(rgb) };
}

export interface Shop {
  /** The product page: OpenGraph tags for two images, a price in EUR and the brand Mango. */
  productUrl: string;
  close(): Promise<void>;
}

/** A shop on 127.0.0.1 with one product page and its images (the server runs with SCRAPER_ALLOW_PRIVATE). */
export async function startShop(): Promise<Shop> {
  let origin = '';
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/images/')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(solidPng(request.url.includes('front') ? [20, 90, 60] : [200, 160, 40], 120, 150));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head>
      <title>Linen Shirt</title>
      <meta property="og:type" content="product">
      <meta property="og:title" content="Linen Shirt">
      <meta property="og:image" content="${origin}/images/front.png">
      <meta property="og:image" content="${origin}/images/back.png">
      <meta property="product:price:amount" content="129.90">
      <meta property="product:price:currency" content="EUR">
      <meta property="product:brand" content="Mango">
    </head><body><h1>Linen Shirt</h1></body></html>`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    productUrl: `${origin}/products/linen-shirt`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs up a new user through /auth and waits for home. */
export async function signUpThroughUi(page: Page, email = uniqueEmail(), name?: string): Promise<string> {
  await page.goto('/auth');
  await submitAuthForm(page, 'Sign Up', email, PASSWORD, name);
  // The 1.5 s toast is auth.spec's to check: on a busy machine it can come and go between two polls.
  // The lasting signs are the redirect home and the header's sign-out button.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(signOutButton(page)).toBeVisible();
  return email;
}

export interface PublishOptions {
  /** Tagged products; none by default. */
  items?: Record<string, string>[];
  /** The colour of the post's one generated image. */
  rgb?: readonly [number, number, number];
  /** Several generated images instead, in this order, one colour each. */
  images?: readonly (readonly [number, number, number])[];
  /** Files to upload instead of generated images (a recorded video, say), in this order. */
  files?: readonly MediaFile[];
}

export interface MediaFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
  type: 'image' | 'video';
}

/** A post with generated images (one by default), published through the API (upload, then create) by `token`'s user. */
export async function publishThroughApi(
  request: APIRequestContext,
  token: string,
  caption: string,
  { items = [], rgb = [180, 120, 140], images = [rgb], files }: PublishOptions = {},
): Promise<{ id: string; author: { username: string } }> {
  const headers = { authorization: `Bearer ${token}` };
  const uploads: readonly MediaFile[] =
    files ?? images.map((color, order) => ({ ...pngFile(`look-${order + 1}.png`, color), type: 'image' }));
  const media = [];
  for (const [order, { type, ...file }] of uploads.entries()) {
    const upload = await request.post('/api/v1/storage/post-media', { headers, multipart: { file } });
    expect(upload.status(), await upload.text()).toBe(201);
    const { public_url: publicUrl } = (await upload.json()) as { public_url: string };
    media.push({ url: publicUrl, type, order });
  }
  const created = await request.post('/api/v1/posts', {
    headers,
    data: { caption, media, items },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; author: { username: string } };
}

/** A user and a post of theirs made through the API (sign-up, upload, create), for journeys about others' posts. */
export async function createPostThroughApi(
  request: APIRequestContext,
  caption: string,
): Promise<{ postId: string; username: string }> {
  const signUp = await request.post('/auth/v1/signup', {
    data: { email: uniqueEmail(), password: PASSWORD },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const { access_token: token } = (await signUp.json()) as { access_token: string };
  const post = await publishThroughApi(request, token, caption, {
    items: [{ link: 'https://shop.example/dress', brand: 'Zara', price: '80', currency: 'ILS' }],
  });
  return { postId: post.id, username: post.author.username };
}

/**
 * A short WebM video (VP8, moving colours) recorded by the browser itself from a canvas, so the journeys
 * need no video files. `page` may be on any address; nothing is sent anywhere.
 */
export async function recordWebm(page: Page, milliseconds = 1200): Promise<MediaFile> {
  const base64 = await page.evaluate(async (duration) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 400;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    let recorded = 0;
    recorder.ondataavailable = (event) => {
      chunks.push(event.data);
      recorded += event.data.size;
    };
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    // Data every 100 ms; on a busy machine the encoder can lag, so drawing goes on until frames have
    // really been encoded (a stop before that leaves only the file's header), for at most 20 s.
    recorder.start(100);
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    while ((elapsed() < duration || recorded < 4000) && elapsed() < 20_000) {
      const hue = Math.round(((performance.now() - started) / duration) * 360);
      context.fillStyle = `hsl(${hue} 70% 50%)`;
      context.fillRect(0, 0, canvas.width, canvas.height);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, milliseconds);
  return { name: 'walk.webm', mimeType: 'video/webm', buffer: Buffer.from(base64, 'base64'), type: 'video' };
}
