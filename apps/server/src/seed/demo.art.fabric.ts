import { autoAccent, mix, NAMED_COLORS, resolveColor, shade, tint } from './demo.art.color.ts';
import type { ArtColor, ArtPattern } from './demo.art.spec.ts';

/* How clothes are filled: the spec's patterns as SVG patterns, and the shading that makes them round. */

/**
 * An SVG `<pattern>` filling a garment. `scale` adapts the motif size to the picture (an avatar's
 * shoulders are much smaller than a full figure's skirt).
 */
function patternDef(
  id: string,
  patternName: ArtPattern | undefined,
  color: string,
  accentIn: string | undefined,
  scale: number,
): string {
  const base = color;
  const accent = accentIn ? resolveColor(accentIn) : autoAccent(base);
  const name = (patternName ?? 'solid').trim().toLowerCase();
  const s = scale;
  const rect = (w: number, h: number) => `<rect width="${w}" height="${h}" fill="${base}"/>`;
  const tile = (w: number, h: number, body: string, extra = '') =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${w}" height="${h}"${extra}>${rect(w, h)}${body}</pattern>`;

  switch (name) {
    case 'striped':
      return tile(24 * s, 24 * s, `<rect width="${24 * s}" height="${9 * s}" fill="${accent}"/>`);
    case 'polka dots':
      return tile(
        30 * s,
        30 * s,
        `<circle cx="${7.5 * s}" cy="${7.5 * s}" r="${4.5 * s}" fill="${accent}"/><circle cx="${22.5 * s}" cy="${22.5 * s}" r="${4.5 * s}" fill="${accent}"/>`,
      );
    case 'floral': {
      const flower = (cx: number, cy: number, r: number, petal: string) => {
        const petals = [0, 72, 144, 216, 288].map((a) => {
          const rad = (a * Math.PI) / 180;
          return `<circle cx="${cx + Math.cos(rad) * r}" cy="${cy + Math.sin(rad) * r}" r="${r * 0.85}" fill="${petal}"/>`;
        });
        return `${petals.join('')}<circle cx="${cx}" cy="${cy}" r="${r * 0.6}" fill="${NAMED_COLORS.yellow}"/>`;
      };
      const leaf = (x: number, y: number) =>
        `<ellipse cx="${x}" cy="${y}" rx="${5 * s}" ry="${2.2 * s}" fill="${mix(base, '#3f7a4f', 0.55)}" transform="rotate(-35 ${x} ${y})"/>`;
      return tile(
        56 * s,
        56 * s,
        flower(14 * s, 14 * s, 5 * s, accent) +
          leaf(26 * s, 22 * s) +
          flower(42 * s, 42 * s, 4 * s, tint(accent, 0.35)) +
          leaf(32 * s, 50 * s),
      );
    }
    case 'plaid':
    case 'checkered': {
      const w = 40 * s;
      if (name === 'checkered') {
        return tile(
          w,
          w,
          `<rect width="${w / 2}" height="${w / 2}" fill="${accent}"/><rect x="${w / 2}" y="${w / 2}" width="${w / 2}" height="${w / 2}" fill="${accent}"/>`,
        );
      }
      const line = shade(base, 0.35);
      return tile(
        w,
        w,
        `<rect width="${w}" height="${12 * s}" y="${4 * s}" fill="${accent}" opacity="0.45"/>` +
          `<rect height="${w}" width="${12 * s}" x="${4 * s}" fill="${accent}" opacity="0.45"/>` +
          `<rect width="${w}" height="${1.6 * s}" y="${26 * s}" fill="${line}"/>` +
          `<rect height="${w}" width="${1.6 * s}" x="${26 * s}" fill="${line}"/>`,
      );
    }
    case 'geometric':
      return tile(
        36 * s,
        36 * s,
        `<path d="M0 ${36 * s} L${18 * s} 0 L${36 * s} ${36 * s} Z" fill="${accent}" opacity="0.8"/><path d="M${18 * s} ${36 * s} L${27 * s} ${18 * s} L${36 * s} ${36 * s} Z" fill="${shade(base, 0.25)}"/>`,
      );
    case 'animal print': {
      // Zebra-like stripes: wavy dark bands across the fabric.
      const w = 40 * s;
      const band = (y: number) =>
        `<path d="M0 ${y} q ${w / 4} ${-6 * s} ${w / 2} 0 t ${w / 2} 0" fill="none" stroke="${shade(base, 0.75)}" stroke-width="${5 * s}" stroke-linecap="round"/>`;
      return tile(w, w, band(8 * s) + band(24 * s));
    }
    case 'leopard print': {
      const spot = (x: number, y: number, r: number) =>
        `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.75}" fill="none" stroke="${shade(base, 0.7)}" stroke-width="${2.4 * s}" stroke-dasharray="${r * 1.6} ${r * 0.7}"/><ellipse cx="${x}" cy="${y}" rx="${r * 0.55}" ry="${r * 0.4}" fill="${shade(base, 0.25)}"/>`;
      return tile(
        48 * s,
        48 * s,
        spot(12 * s, 12 * s, 7 * s) + spot(36 * s, 30 * s, 8 * s) + spot(14 * s, 38 * s, 5.5 * s),
      );
    }
    case 'snake print': {
      const w = 20 * s;
      return tile(
        w,
        w * 0.8,
        `<path d="M0 0 Q${w / 2} ${w * 0.8} ${w} 0" fill="none" stroke="${shade(base, 0.4)}" stroke-width="${1.6 * s}"/><path d="M${-w / 2} ${w * 0.4} Q0 ${w * 1.2} ${w / 2} ${w * 0.4} Q${w} ${w * 1.2} ${w * 1.5} ${w * 0.4}" fill="none" stroke="${tint(base, 0.35)}" stroke-width="${1.2 * s}"/>`,
      );
    }
    case 'paisley': {
      const drop = (x: number, y: number, r: number, rot: number) =>
        `<path d="M${x} ${y} c ${r} ${-r * 1.5}, ${r * 2.2} ${r * 0.3}, 0 ${r * 1.6} c ${-r * 1.4} ${-r * 0.4}, ${-r * 1.2} ${-r * 1.4}, 0 ${-r * 1.6} Z" fill="${accent}" transform="rotate(${rot} ${x} ${y})"/><circle cx="${x + r * 0.2}" cy="${y + r * 0.7}" r="${r * 0.3}" fill="${base}"/>`;
      return tile(52 * s, 52 * s, drop(14 * s, 8 * s, 8 * s, 20) + drop(38 * s, 32 * s, 7 * s, -30));
    }
    case 'abstract':
      return tile(
        80 * s,
        80 * s,
        `<path d="M${6 * s} ${40 * s} q ${20 * s} ${-30 * s} ${36 * s} 0 t ${36 * s} 0" fill="none" stroke="${accent}" stroke-width="${5 * s}" stroke-linecap="round"/><circle cx="${60 * s}" cy="${16 * s}" r="${8 * s}" fill="${shade(base, 0.3)}"/><rect x="${14 * s}" y="${56 * s}" width="${16 * s}" height="${16 * s}" fill="${tint(accent, 0.3)}" transform="rotate(20 ${22 * s} ${64 * s})"/>`,
      );
    case 'sparkle':
      return tile(
        34 * s,
        34 * s,
        `<path d="M${9 * s} ${3 * s} l${1.6 * s} ${4.4 * s} l${4.4 * s} ${1.6 * s} l${-4.4 * s} ${1.6 * s} l${-1.6 * s} ${4.4 * s} l${-1.6 * s} ${-4.4 * s} l${-4.4 * s} ${-1.6 * s} l${4.4 * s} ${-1.6 * s} Z" fill="#ffffff" opacity="0.9"/><circle cx="${26 * s}" cy="${24 * s}" r="${1.8 * s}" fill="#ffffff"/>`,
      );
    case 'tie dye':
      // Rings of dye spreading from a knot: a short radial gradient reflected over the garment.
      return `<radialGradient id="${id}" cx="45%" cy="35%" r="18%" spreadMethod="reflect"><stop offset="0" stop-color="${tint(base, 0.7)}"/><stop offset="0.3" stop-color="${base}"/><stop offset="0.6" stop-color="${mix(base, NAMED_COLORS.pink!, 0.55)}"/><stop offset="1" stop-color="${tint(mix(base, NAMED_COLORS.yellow!, 0.4), 0.3)}"/></radialGradient>`;
    case 'ombre':
    case 'gradient':
      return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${name === 'ombre' ? tint(base, 0.6) : base}"/><stop offset="1" stop-color="${name === 'ombre' ? shade(base, 0.25) : accent}"/></linearGradient>`;
    default:
      return `<linearGradient id="${id}"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="${base}"/></linearGradient>`;
  }
}

export function garmentFill(
  id: string,
  garment: { color: ArtColor; pattern?: ArtPattern; accent?: ArtColor },
  scale: number,
) {
  const base = resolveColor(garment.color);
  // 'Sparkle' is a colour in the spec, but it reads as a pattern: glitter on a soft lilac.
  const pattern = garment.color.toLowerCase() === 'sparkle' && !garment.pattern ? 'sparkle' : garment.pattern;
  return { def: patternDef(id, pattern, base, garment.accent, scale), fill: `url(#${id})`, base };
}

/** Shared gradients: soft volume on garments and skin so flat shapes read as round. */
export function commonDefs(): string {
  return `
  <linearGradient id="volume" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#000" stop-opacity="0.16"/>
    <stop offset="0.35" stop-color="#000" stop-opacity="0"/>
    <stop offset="0.7" stop-color="#fff" stop-opacity="0.06"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.14"/>
  </linearGradient>
  <radialGradient id="faceLight" cx="40%" cy="35%" r="70%">
    <stop offset="0" stop-color="#fff" stop-opacity="0.18"/>
    <stop offset="1" stop-color="#fff" stop-opacity="0"/>
  </radialGradient>`;
}
