import sharp from 'sharp';
import { prng, resolveColor, shade } from './demo.art.color.ts';
import { commonDefs, garmentFill } from './demo.art.fabric.ts';
import {
  armPaths,
  BAG_CENTRES,
  bagOnLeft,
  bagShape,
  bottomShape,
  dressShape,
  headParts,
  shoes,
  topShape,
} from './demo.art.figure.ts';
import { backgroundLayer, sceneLayer } from './demo.art.scene.ts';
import type { AvatarSpec, Garment, Neckline, OutfitSpec } from './demo.art.spec.ts';

/**
 * Demo pictures drawn in code: portrait avatars and outfit illustrations. Demo content must not depend
 * on downloads or licensed photos, and it should still look like a fashion app: soft editorial
 * backgrounds, varied skin tones and hair, clothes in the colours and patterns their items claim.
 *
 * Everything here is deterministic: the same spec gives the same bytes, so reseeding reproduces the
 * same files (they are served as immutable).
 */

/** An SVG document drawn in a `width` x `height` frame; `scale` shrinks or enlarges its pixel size. */
function svgDocument(width: number, height: number, defs: string, body: string, scale = 1): string {
  const size = `width="${Math.round(width * scale)}" height="${Math.round(height * scale)}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" ${size} viewBox="0 0 ${width} ${height}"><defs>${commonDefs()}${defs}</defs>${body}</svg>`;
}

/** The avatar as SVG text (256 x 256): head and shoulders in front of a soft gradient. */
export function avatarSvg(spec: AvatarSpec): string {
  const size = 256;
  const bg = backgroundLayer('bg', size, size, spec.background, `${spec.skin}${spec.hair.style}`);
  const cloth = garmentFill('cloth', spec.clothing, 0.55);
  const { back, front, neck } = headParts(spec);
  const edge = shade(cloth.base, 0.25);

  // Shoulders in avatar coordinates; the neckline is cut into the top edge between x = 100 and 156.
  const necklines: Record<Neckline, string> = {
    crew: 'Q128 214 156 196',
    v: 'L128 236 L156 196',
    square: 'L104 222 L152 222 L156 196',
    turtleneck: 'Q128 204 156 196',
    blazer: 'L128 240 L156 196',
  };
  const shoulders = `M14 256 C16 224 44 204 92 198 L100 196 ${necklines[spec.clothing.neckline]} L164 198 C212 204 240 224 242 256 Z`;
  const turtle =
    spec.clothing.neckline === 'turtleneck'
      ? `<path d="M112 176 L112 204 Q128 212 144 204 L144 176 Q128 182 112 176 Z" fill="${cloth.fill}"/><path d="M112 176 L112 204 Q128 212 144 204 L144 176 Q128 182 112 176 Z" fill="url(#volume)"/><path d="M112 186 Q128 192 144 186 M112 195 Q128 201 144 195" stroke="${edge}" stroke-width="1.5" fill="none" opacity="0.6"/>`
      : '';
  const lapels =
    spec.clothing.neckline === 'blazer'
      ? `<path d="M100 196 L128 240 L116 256 L84 212 Z" fill="${shade(cloth.base, 0.15)}"/><path d="M156 196 L128 240 L140 256 L172 212 Z" fill="${shade(cloth.base, 0.15)}"/><path d="M104 197 L128 236 L152 197 Z" fill="#f5f1ea"/>`
      : '';

  const body = `
  ${bg.body}
  <g transform="translate(128 104) scale(1.1)">${back}</g>
  <g transform="translate(128 104) scale(1.1)">${neck}</g>
  <path d="M112 176 L144 176 C146 190 158 196 172 200 L172 256 L84 256 L84 200 C98 196 110 190 112 176 Z" fill="${spec.skin}"/>
  <path d="${shoulders}" fill="${cloth.fill}" stroke="${edge}" stroke-width="1.5"/>
  <path d="${shoulders}" fill="url(#volume)"/>
  ${lapels}${turtle}
  <g transform="translate(128 104) scale(1.1)">${front}</g>`;
  return svgDocument(size, size, `${bg.def}${cloth.def}`, body);
}

/**
 * The transforms of a picture: `figure` places the figure (its base scale, mirror and lean), `frame`
 * zooms the whole picture for a half-length or close-up crop.
 */
function pictureTransforms(
  spec: OutfitSpec,
  width: number,
  height: number,
): { figure: string; frame: string } {
  const lean = spec.lean ?? 0;
  const base = 'translate(540 700) scale(1.08) translate(-540 -700)';
  const figure = `${lean ? `rotate(${lean} 540 1190) ` : ''}${spec.mirror ? 'translate(1080 0) scale(-1 1) ' : ''}${base}`;

  // Where a point of the figure's drawing ends up on the canvas, for centring a close-up on it.
  const place = ([x, y]: [number, number]): [number, number] => {
    let px = 540 + (x - 540) * 1.08;
    const py = 700 + (y - 700) * 1.08;
    if (spec.mirror) px = 1080 - px;
    const rad = (lean * Math.PI) / 180;
    const dx = px - 540;
    const dy = py - 1190;
    return [540 + dx * Math.cos(rad) - dy * Math.sin(rad), 1190 + dx * Math.sin(rad) + dy * Math.cos(rad)];
  };
  const framing = spec.framing ?? 'full';
  if (framing === 'full') return { figure, frame: '' };
  let zoom = 1.8;
  let focus: [number, number] = [540, 430];
  if (framing !== 'half') {
    zoom = 2.3;
    if (framing === 'bag' && spec.bag) {
      const [bx, by] = BAG_CENTRES[spec.bag.kind ?? 'shoulder'];
      focus = place([bagOnLeft(spec) ? 1080 - bx : bx, by]);
    } else {
      focus = place([540, 1165]);
    }
  }
  // Keep the zoomed window inside the picture, so no edge of the set ever shows.
  const halfW = width / 2 / zoom;
  const halfH = height / 2 / zoom;
  const fx = Math.min(Math.max(focus[0], halfW), width - halfW);
  const fy = Math.min(Math.max(focus[1], halfH), height - halfH);
  return {
    figure,
    frame: `translate(${width / 2} ${height / 2}) scale(${zoom}) translate(${-fx.toFixed(1)} ${-fy.toFixed(1)})`,
  };
}

const OUTFIT_WIDTH = 1080;
const OUTFIT_HEIGHT = 1350;

/**
 * An outfit illustration in two layers: the soft backdrop (gradient and blurred light) and the picture
 * over it (the set, the figure and its clothes), each with its own defs.
 */
function outfitLayers(spec: OutfitSpec): {
  backdrop: { defs: string; body: string };
  picture: { defs: string; body: string };
} {
  const width = OUTFIT_WIDTH;
  const height = OUTFIT_HEIGHT;
  const seed = JSON.stringify(spec);
  const bg = backgroundLayer('bg', width, height, spec.background, seed);
  const skin = spec.skin;
  const skinShade = shade(skin, 0.1);
  const defs: string[] = [];
  const scene = sceneLayer(spec.scene ?? 'studio', spec.background, prng(`${seed}scene`));
  const layers: string[] = [`<ellipse cx="540" cy="1206" rx="210" ry="24" fill="#000" fill-opacity="0.12"/>`];

  const head = headParts(spec);
  const headGroup = (part: string) => `<g transform="translate(540 214) scale(1.28)">${part}</g>`;
  layers.push(headGroup(head.back));

  const top = spec.dress ? null : (spec.top ?? { kind: 'tee' as const, color: 'White' });
  const topInfo = top ? topShape(top.kind) : null;
  const dressInfo = spec.dress ? dressShape(spec.dress.kind) : null;
  const bottom = spec.dress ? null : (spec.bottom ?? { kind: 'pants' as const, color: 'Blue' });
  const bottomInfo = bottom ? bottomShape(bottom.kind) : null;
  const sleeve = topInfo?.sleeve ?? 'none';
  const arms = armPaths(sleeve, spec.pose);

  // Legs first: every bottom either covers them or lets them show below its hem.
  const legs =
    'M468 640 C460 760 470 860 482 940 C488 1020 490 1090 488 1160 L516 1160 C520 1080 528 1000 532 940 C538 860 540 780 540 700 C540 780 542 860 548 940 C552 1000 560 1080 564 1160 L592 1160 C590 1090 592 1020 598 940 C610 860 620 760 612 640 Z';
  // Full-length trousers hide the legs entirely; drawing them anyway would show skin in the gap.
  if (dressInfo || bottomInfo?.legsBareFrom !== null) {
    layers.push(
      `<path d="${legs}" fill="${skin}"/><path d="${legs}" fill="url(#volume)" fill-opacity="0.7"/>`,
    );
  }
  layers.push(shoes(spec.shoes.kind, resolveColor(spec.shoes.color)));

  // Arms (skin) sit behind the torso garment; sleeves are drawn with the top.
  layers.push(
    arms.arms
      .map((d) => `<path d="${d}" fill="${skin}"/><path d="${d}" fill="url(#volume)" fill-opacity="0.6"/>`)
      .join(''),
    `<g fill="${skinShade}">${arms.hands}</g>`,
  );
  layers.push(headGroup(head.neck));
  // Bare torso under the clothes: shows at a crop top's midriff and around open necklines.
  layers.push(
    `<path d="M452 326 C470 318 494 308 514 298 L566 298 C586 308 610 318 628 326 C650 336 654 380 648 420 C640 470 626 520 628 570 L640 660 L440 660 L452 570 C454 520 440 470 432 420 C426 380 430 336 452 318 Z" fill="${skin}"/><path d="M432 420 L648 420 L628 570 L640 660 L440 660 L452 570 Z" fill="url(#volume)" fill-opacity="0.6"/>`,
  );

  const drawGarment = (id: string, d: string, garment: Garment<string>, scale = 1.6) => {
    const g = garmentFill(id, garment, scale);
    defs.push(g.def);
    const edge = shade(g.base, 0.3);
    return `<path d="${d}" fill="${g.fill}" stroke="${edge}" stroke-width="2.5" stroke-linejoin="round"/><path d="${d}" fill="url(#volume)"/>`;
  };

  if (spec.dress && dressInfo) {
    layers.push(drawGarment('dress', dressInfo.body, spec.dress));
    layers.push(
      ...armPaths('short', spec.pose).sleeves.map((d, i) => drawGarment(`dress-sleeve-${i}`, d, spec.dress!)),
    );
    layers.push(
      `<path d="M470 566 Q540 580 610 566" fill="none" stroke="${shade(resolveColor(spec.dress.color), 0.35)}" stroke-width="6" stroke-opacity="0.7"/>`,
    );
  } else if (top && topInfo && bottom && bottomInfo) {
    const tucked = top.kind !== 'jacket' && top.kind !== 'sweater';
    const bottomLayer = drawGarment('bottom', bottomInfo.body, bottom);
    const waistband = `<path d="M452 560 L628 560 L630 580 L450 580 Z" fill="${shade(resolveColor(bottom.color), 0.15)}"/>`;
    const topLayer =
      drawGarment('top', topInfo.body, top) +
      arms.sleeves.map((d, i) => drawGarment(`top-sleeve-${i}`, d, top)).join('');
    // A tucked top sits under the waistband; jackets and sweaters fall over it.
    layers.push(tucked ? topLayer + bottomLayer + waistband : bottomLayer + waistband + topLayer);
    if (top.kind === 'jacket') {
      const lapel = shade(resolveColor(top.color), 0.18);
      layers.push(
        `<path d="M500 330 L540 470 L540 690 L520 690 L524 480 L470 340 Z" fill="#f6f2ec"/><path d="M500 330 L540 470 L580 330 Z" fill="#f6f2ec"/><path d="M470 334 L528 470 L500 400 L454 352 Z" fill="${lapel}"/><path d="M610 334 L552 470 L580 400 L626 352 Z" fill="${lapel}"/><path d="M540 470 L540 690" stroke="${shade(resolveColor(top.color), 0.35)}" stroke-width="3"/>`,
      );
    }
  }

  if (spec.bag) {
    const bag = bagShape(spec.bag);
    layers.push(bagOnLeft(spec) ? `<g transform="translate(1080 0) scale(-1 1)">${bag}</g>` : bag);
  }
  layers.push(headGroup(head.front));
  if (spec.hat) {
    const hat = resolveColor(spec.hat.color);
    layers.push(
      `<g transform="translate(540 214) scale(1.28)"><ellipse cx="0" cy="-40" rx="78" ry="16" fill="${hat}" stroke="${shade(hat, 0.3)}" stroke-width="1.5"/><path d="M-40 -40 C-40 -92 40 -92 40 -40 Z" fill="${hat}" stroke="${shade(hat, 0.3)}" stroke-width="1.5"/><path d="M-40 -48 L40 -48 L40 -40 L-40 -40 Z" fill="${shade(hat, 0.35)}"/></g>`,
    );
  }
  // The figure is drawn in its own frame, scaled up a little to fill the portrait; a crop zooms it all.
  const transforms = pictureTransforms(spec, width, height);
  const picture = `${scene}<g transform="${transforms.figure}">${layers.join('')}</g>`;
  return {
    backdrop: { defs: bg.def, body: bg.body },
    picture: {
      defs: defs.join(''),
      body: transforms.frame ? `<g transform="${transforms.frame}">${picture}</g>` : picture,
    },
  };
}

/** An outfit illustration as SVG text (1080 x 1350, the 4:5 portrait of a feed post). */
export function outfitSvg(spec: OutfitSpec): string {
  const { backdrop, picture } = outfitLayers(spec);
  return svgDocument(OUTFIT_WIDTH, OUTFIT_HEIGHT, backdrop.defs + picture.defs, backdrop.body + picture.body);
}

/** Renders an avatar to a 256 px WebP. */
export async function renderAvatar(spec: AvatarSpec): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(spec)))
    .webp({ quality: 86 })
    .toBuffer();
}

/** The backdrop is drawn at this fraction of the picture's size and scaled up (see renderOutfit). */
const BACKDROP_SCALE = 1 / 6;

/**
 * Renders an outfit illustration as a phone camera would hand it over: a 1080 x 1350 JPEG. The demo seed
 * then stores it through the same processing as an upload (re-encoding, WebP variants, placeholder).
 *
 * Made for speed, since the first start draws a few dozen of these: the backdrop holds nothing but
 * gradients and a wide blur, which costs librsvg more than the rest of the picture at full size, so it
 * is drawn at a sixth of the size and scaled up (indistinguishable), and the picture is laid over it.
 * JPEG rather than WebP because it encodes and decodes several times faster.
 */
export async function renderOutfit(spec: OutfitSpec): Promise<Buffer> {
  const { backdrop, picture } = outfitLayers(spec);
  const small = svgDocument(OUTFIT_WIDTH, OUTFIT_HEIGHT, backdrop.defs, backdrop.body, BACKDROP_SCALE);
  // The small backdrop becomes pixels and is laid under the picture as an image, which librsvg scales
  // smoothly while it draws (cheaper than scaling and compositing it with sharp).
  const backdropPng = await sharp(Buffer.from(small)).png({ compressionLevel: 1 }).toBuffer();
  const underlay = `<image width="${OUTFIT_WIDTH}" height="${OUTFIT_HEIGHT}" preserveAspectRatio="none" href="data:image/png;base64,${backdropPng.toString('base64')}"/>`;
  const full = svgDocument(OUTFIT_WIDTH, OUTFIT_HEIGHT, picture.defs, underlay + picture.body);
  return sharp(Buffer.from(full)).jpeg({ quality: 92 }).toBuffer();
}

/** PNG rendering of any of the SVGs above, for looking at them while developing. */
export async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
