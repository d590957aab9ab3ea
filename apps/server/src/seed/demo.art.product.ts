import sharp from 'sharp';
import { resolveColor, shade, tint } from './demo.art.color.ts';
import { commonDefs, garmentFill } from './demo.art.fabric.ts';
import {
  armPaths,
  BAG_CENTRES,
  bagShape,
  bottomShape,
  dressShape,
  shoes,
  topShape,
} from './demo.art.figure.ts';
import type { ArtColor, ArtPattern } from './demo.art.spec.ts';
import type { DemoWear } from './demo.posts.data.ts';

/**
 * A product's own picture, drawn like the outfits it appears in: the garment alone (a "ghost mannequin"
 * shot) in its colour and pattern on a soft studio backdrop, cut from the same shapes as the figure
 * wears (demo.art.figure.ts), so the shirt in the shop picture is the shirt in the post.
 */

/** Whatever the figure can wear (DemoWear), and jewellery, which is only tagged on the figure. */
export type ProductShape = DemoWear | { jewellery: 'necklace' | 'bracelet' };

export interface ProductSpec {
  shape: ProductShape;
  color: ArtColor;
  pattern?: ArtPattern;
  accent?: ArtColor;
}

const WIDTH = 480;
const HEIGHT = 600;

/** The part of the figure's 1080 x 1350 canvas a product is cut from: centre and height (4:5 window). */
function windowOf(shape: ProductShape): { cx: number; cy: number; h: number } {
  if ('top' in shape) return { cx: 540, cy: 490, h: 520 };
  if ('bottom' in shape) {
    const hem = bottomShape(shape.bottom).legsBareFrom ?? 1170;
    return { cx: 540, cy: (550 + hem) / 2 + 10, h: Math.max(hem - 550 + 130, 340) };
  }
  if ('dress' in shape) {
    const hem = dressShape(shape.dress).hemY;
    return { cx: 540, cy: (300 + hem) / 2 + 10, h: hem - 300 + 110 };
  }
  if ('shoes' in shape) return { cx: 540, cy: 1150, h: 290 };
  if ('bag' in shape) {
    const [cx, cy] = BAG_CENTRES[shape.bag];
    return { cx, cy: cy - 10, h: 300 };
  }
  return { cx: 540, cy: 540, h: 580 };
}

/** The product's drawing on the figure's canvas; `fill` is the garment's colour or pattern. */
function shapeBody(spec: ProductSpec, fill: string, base: string): string {
  const edge = shade(base, 0.3);
  const garment = (d: string) =>
    `<path d="${d}" fill="${fill}" stroke="${edge}" stroke-width="2.5" stroke-linejoin="round"/><path d="${d}" fill="url(#volume)"/>`;
  const { shape } = spec;
  if ('top' in shape) {
    const top = topShape(shape.top);
    const sleeves = armPaths(top.sleeve).sleeves.map(garment).join('');
    const lapels =
      shape.top === 'jacket'
        ? `<path d="M500 330 L540 470 L580 330 Z" fill="${shade(base, 0.2)}"/><path d="M540 470 L540 690" stroke="${shade(base, 0.35)}" stroke-width="3"/>`
        : '';
    return sleeves + garment(top.body) + lapels;
  }
  if ('bottom' in shape) {
    return `${garment(bottomShape(shape.bottom).body)}<path d="M452 560 L628 560 L630 580 L450 580 Z" fill="${shade(base, 0.15)}"/>`;
  }
  if ('dress' in shape) {
    const sleeves = armPaths('short').sleeves.map(garment).join('');
    return sleeves + garment(dressShape(shape.dress).body);
  }
  if ('shoes' in shape) return shoes(shape.shoes, base);
  if ('bag' in shape) return bagShape({ kind: shape.bag, color: spec.color });
  if ('hat' in shape) {
    return `<g transform="translate(540 600) scale(2.6)"><ellipse cx="0" cy="0" rx="78" ry="16" fill="${base}" stroke="${edge}" stroke-width="1.5"/><path d="M-40 0 C-40 -52 40 -52 40 0 Z" fill="${base}" stroke="${edge}" stroke-width="1.5"/><path d="M-40 -8 L40 -8 L40 0 L-40 0 Z" fill="${shade(base, 0.35)}"/></g>`;
  }
  if ('glasses' in shape) {
    return `<g fill="${tint(base, 0.55)}" fill-opacity="0.6" stroke="${base}" stroke-width="12"><rect x="376" y="490" width="140" height="100" rx="40"/><rect x="564" y="490" width="140" height="100" rx="40"/></g><path d="M516 522 Q540 500 564 522 M376 520 L336 500 M704 520 L744 500" fill="none" stroke="${base}" stroke-width="12"/>`;
  }
  const gold = base;
  if ('earrings' in shape) {
    return shape.earrings === 'hoops'
      ? `<g fill="none" stroke="${gold}" stroke-width="14"><circle cx="460" cy="560" r="64"/><circle cx="620" cy="560" r="64"/></g>`
      : `<g fill="${gold}" stroke="${edge}" stroke-width="4"><circle cx="480" cy="540" r="26"/><circle cx="600" cy="540" r="26"/></g>`;
  }
  return shape.jewellery === 'necklace'
    ? `<path d="M400 380 Q540 700 680 380" fill="none" stroke="${gold}" stroke-width="8"/><path d="M540 612 L566 652 L540 700 L514 652 Z" fill="${gold}" stroke="${edge}" stroke-width="4"/>`
    : `<ellipse cx="540" cy="540" rx="150" ry="96" fill="none" stroke="${gold}" stroke-width="22"/><ellipse cx="540" cy="540" rx="150" ry="96" fill="none" stroke="${edge}" stroke-width="3" stroke-dasharray="6 18"/>`;
}

/** The product picture as SVG text (480 x 600, the 4:5 of a product card). */
export function productSvg(spec: ProductSpec): string {
  const { def, fill, base } = garmentFill('product', spec, 1.6);
  const { cx, cy, h } = windowOf(spec.shape);
  const w = (h * WIDTH) / HEIGHT;
  const view = `${cx - w / 2} ${cy - h / 2} ${w} ${h}`;
  // The backdrop: a light studio wall toned by the product's colour, with a soft floor shadow.
  const backdrop = `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(base, 0.9)}"/><stop offset="1" stop-color="${tint(base, 0.72)}"/></linearGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="${view}">` +
    `<defs>${commonDefs()}${backdrop}${def}</defs>` +
    `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" fill="url(#wall)"/>` +
    `<ellipse cx="${cx}" cy="${cy + h * 0.42}" rx="${w * 0.3}" ry="${h * 0.025}" fill="#000" fill-opacity="0.08"/>` +
    `${shapeBody(spec, fill, resolveColor(spec.color))}</svg>`
  );
}

/** Renders the product picture as a JPEG, as a shop's photo would come (then processed like an upload). */
export async function renderProduct(spec: ProductSpec): Promise<Buffer> {
  return sharp(Buffer.from(productSvg(spec)))
    .jpeg({ quality: 90 })
    .toBuffer();
}
