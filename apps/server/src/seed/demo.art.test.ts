import { createHash } from 'node:crypto';
import { PATTERNS } from '@sys/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SKIN_TONES } from './demo.art.color.ts';
import type { OutfitSpec } from './demo.art.spec.ts';
import { outfitSvg, renderAvatar, renderOutfit } from './demo.art.ts';
import { DEMO_PROFILES } from './demo.data.ts';

const base: OutfitSpec = {
  background: ['#f7ebe0', '#e8c7ae'],
  skin: SKIN_TONES[2],
  hair: { style: 'long', color: '#3b2619' },
  top: { kind: 'tee', color: 'White', pattern: 'Striped' },
  bottom: { kind: 'wide-pants', color: 'Beige' },
  shoes: { kind: 'sneakers', color: 'White' },
};

describe('demo art', () => {
  it('renders an avatar as a 256 px WebP, the same bytes every time', async () => {
    const spec = DEMO_PROFILES[0]!.avatar;
    const first = await renderAvatar(spec);
    expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await renderAvatar(spec)).equals(first)).toBe(true);
  });

  it('renders an outfit as a 1080 x 1350 portrait JPEG, the same bytes every time', async () => {
    const spec: OutfitSpec = { ...base, bag: { color: 'Brown', kind: 'tote' }, hat: { color: 'Beige' } };
    const image = await renderOutfit(spec);
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1350 });
    expect((await renderOutfit(spec)).equals(image)).toBe(true);
  });

  it('renders the small-backdrop shortcut like the full drawing', async () => {
    // renderOutfit draws the blurred backdrop small and scales it up; it must look like outfitSvg.
    const fast = await sharp(await renderOutfit(base))
      .resize(108, 135)
      .raw()
      .toBuffer();
    const exact = await sharp(Buffer.from(outfitSvg(base)))
      .flatten()
      .resize(108, 135)
      .raw()
      .toBuffer();
    let total = 0;
    for (let i = 0; i < fast.length; i++) total += Math.abs(fast[i]! - exact[i]!);
    expect(total / fast.length).toBeLessThan(3);
  });

  it('draws every scene, pose and crop', async () => {
    const shots: Partial<OutfitSpec>[] = [
      { scene: 'street', pose: 'hand-on-hip', lean: 3, bag: { color: 'Black', kind: 'shoulder' } },
      { scene: 'beach', framing: 'half', mirror: true },
      { scene: 'interior', framing: 'bag', bag: { color: 'Red', kind: 'clutch' } },
      { scene: 'garden', framing: 'shoes', pose: 'hand-on-hip', top: { kind: 'jacket', color: 'Haki' } },
      { scene: 'studio', framing: 'bag', dress: { kind: 'midi', color: 'Green' }, pose: 'hand-on-hip' },
    ];
    const seen = new Set<string>();
    for (const shot of shots) {
      const image = await renderOutfit({ ...base, ...shot });
      expect(await sharp(image).metadata()).toMatchObject({ width: 1080, height: 1350 });
      seen.add(createHash('sha256').update(image).digest('hex'));
    }
    expect(seen.size).toBe(shots.length);
  });

  it('draws every pattern of the spec as valid SVG', async () => {
    for (const pattern of PATTERNS) {
      const svg = outfitSvg({ ...base, top: { kind: 'blouse', color: 'Pink', pattern } });
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta.width, pattern).toBe(1080);
    }
  });

  it('draws dresses, skirts and every garment kind', async () => {
    const variants: Partial<OutfitSpec>[] = [
      { dress: { kind: 'mini', color: 'Sparkle' } },
      { dress: { kind: 'maxi', color: 'Green', pattern: 'Paisley' } },
      { top: { kind: 'jacket', color: 'Haki' }, bottom: { kind: 'pants', color: 'Black' } },
      {
        top: { kind: 'crop', color: 'Black' },
        bottom: { kind: 'mini-skirt', color: 'Red', pattern: 'Plaid' },
      },
      { top: { kind: 'sweater', color: 'Cream' }, bottom: { kind: 'shorts', color: 'Blue' } },
      { top: { kind: 'long-sleeve', color: 'Gray' }, bottom: { kind: 'maxi-skirt', color: 'Purple' } },
    ];
    for (const variant of variants) {
      const meta = await sharp(Buffer.from(outfitSvg({ ...base, ...variant }))).metadata();
      expect(meta.height).toBe(1350);
    }
  });
});
