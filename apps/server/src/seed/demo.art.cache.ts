import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ProcessedImage, processImage } from '../modules/storage/storage.images.ts';
import { type ProductSpec, renderProduct } from './demo.art.product.ts';
import type { OutfitSpec } from './demo.art.spec.ts';
import { renderOutfit } from './demo.art.ts';

/**
 * Drawing and encoding the demo's pictures is most of a seed's work (about 8 s of CPU for 27
 * pictures). Where the same pictures are seeded again and again - the test runs seed a dozen fresh
 * databases, in several processes - `SYS_DEMO_ART_CACHE` names a folder that keeps each processed
 * picture, keyed by a hash of its drawing, so it is drawn once per folder. The test runner makes a
 * new folder per run and removes it after (scripts/test-unit.mjs), so a changed drawing is never
 * served stale. Without the variable (a server's own first seed), every picture is drawn.
 */

type Encoded<T> = Omit<T, 'data'> & { data: string };
type StoredProcessedImage = {
  main: Encoded<ProcessedImage['main']>;
  variants: Encoded<ProcessedImage['variants'][number]>[];
  placeholder: string;
};

const encode = <T extends { data: Buffer }>(image: T): Encoded<T> => ({
  ...image,
  data: image.data.toString('base64'),
});
const decode = <T extends { data: string }>(image: T) => ({
  ...image,
  data: Buffer.from(image.data, 'base64'),
});

function readCached(file: string): ProcessedImage | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const stored = JSON.parse(text) as StoredProcessedImage;
  return {
    main: decode(stored.main),
    variants: stored.variants.map(decode),
    placeholder: stored.placeholder,
  };
}

/** Writes under a private name and renames: a parallel reader sees the whole file or none. */
function writeCached(dir: string, file: string, image: ProcessedImage): void {
  mkdirSync(dir, { recursive: true });
  const stored: StoredProcessedImage = {
    main: encode(image.main),
    variants: image.variants.map(encode),
    placeholder: image.placeholder,
  };
  const partial = `${file}.${randomUUID()}.partial`;
  writeFileSync(partial, JSON.stringify(stored));
  renameSync(partial, file);
}

/** A drawing processed exactly like an uploaded photo, from the cache folder when there is one. */
async function processedDrawing(spec: object, render: () => Promise<Buffer>): Promise<ProcessedImage> {
  const dir = process.env.SYS_DEMO_ART_CACHE;
  if (!dir) return processImage(await render());
  const key = createHash('sha256').update(JSON.stringify(spec)).digest('hex');
  const file = join(dir, `${key}.json`);
  const cached = readCached(file);
  if (cached) return cached;
  const image = await processImage(await render());
  writeCached(dir, file, image);
  return image;
}

/** The outfit picture drawn from `spec`, processed exactly like an uploaded photo. */
export function processedOutfit(spec: OutfitSpec): Promise<ProcessedImage> {
  return processedDrawing(spec, () => renderOutfit(spec));
}

/** A product's picture drawn from `spec` (demo.art.product.ts), processed like an uploaded photo. */
export function processedProduct(spec: ProductSpec): Promise<ProcessedImage> {
  return processedDrawing({ product: spec }, () => renderProduct(spec));
}
