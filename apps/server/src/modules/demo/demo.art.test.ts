import { PATTERNS } from '@sys/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type OutfitSpec, outfitSvg, renderAvatar, renderOutfit, SKIN_TONES } from './demo.art.ts';
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

  it('renders an outfit as a 1080 x 1350 portrait WebP', async () => {
    const image = await renderOutfit({
      ...base,
      bag: { color: 'Brown', kind: 'tote' },
      hat: { color: 'Beige' },
    });
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 1080, height: 1350 });
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
