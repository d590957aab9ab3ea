import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processImage } from '../modules/storage/storage.images.ts';
import { processedOutfit } from './demo.art.cache.ts';
import { SKIN_TONES } from './demo.art.color.ts';
import type { OutfitSpec } from './demo.art.spec.ts';
import { renderOutfit } from './demo.art.ts';

const spec: OutfitSpec = {
  background: ['#eef2f7', '#c9d6e8'],
  skin: SKIN_TONES[1],
  hair: { style: 'bun', color: '#2a1b12' },
  top: { kind: 'blouse', color: 'Blue', pattern: 'Checked' },
  bottom: { kind: 'midi-skirt', color: 'Black' },
  shoes: { kind: 'boots', color: 'Brown' },
};

describe('the demo art cache (SYS_DEMO_ART_CACHE)', () => {
  let dir: string;
  const before = process.env.SYS_DEMO_ART_CACHE;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sys-art-cache-test-'));
    process.env.SYS_DEMO_ART_CACHE = dir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.SYS_DEMO_ART_CACHE;
    else process.env.SYS_DEMO_ART_CACHE = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the bytes a fresh drawing gives, and keeps them for the next seed', async () => {
    const fresh = await processImage(await renderOutfit(spec));
    const first = await processedOutfit(spec);
    expect(readdirSync(dir)).toHaveLength(1);
    const second = await processedOutfit(spec);
    for (const image of [first, second]) {
      expect(image.main.data.equals(fresh.main.data)).toBe(true);
      expect(image.main).toMatchObject({ ...fresh.main, data: expect.any(Buffer) });
      expect(image.variants.map((v) => [v.targetWidth, v.width, v.height, v.data.length])).toEqual(
        fresh.variants.map((v) => [v.targetWidth, v.width, v.height, v.data.length]),
      );
      expect(image.placeholder).toBe(fresh.placeholder);
    }
  });

  it('serves what the folder holds for that drawing, and draws again for another', async () => {
    await processedOutfit(spec);
    const [file] = readdirSync(dir);
    // A different picture under the same key proves the second call read the folder.
    const other = await processImage(
      await renderOutfit({ ...spec, bottom: { kind: 'midi-skirt', color: 'Red' } }),
    );
    writeFileSync(
      join(dir, file!),
      JSON.stringify({
        main: { ...other.main, data: other.main.data.toString('base64') },
        variants: [],
        placeholder: 'data:image/webp;base64,AA==',
      }),
    );
    const served = await processedOutfit(spec);
    expect(served.main.data.equals(other.main.data)).toBe(true);
    expect(served.placeholder).toBe('data:image/webp;base64,AA==');

    await processedOutfit({ ...spec, shoes: { kind: 'sneakers', color: 'White' } });
    expect(readdirSync(dir)).toHaveLength(2);
  });
});
