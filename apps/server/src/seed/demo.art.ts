import sharp from 'sharp';

/**
 * Demo pictures drawn in code: portrait avatars and outfit illustrations. Demo content must not depend
 * on downloads or licensed photos, and it should still look like a fashion app: soft editorial
 * backgrounds, varied skin tones and hair, clothes in the colours and patterns their items claim.
 *
 * Everything here is deterministic: the same spec gives the same bytes, so reseeding reproduces the
 * same files (they are served as immutable).
 */

export type HairStyle = 'long' | 'bob' | 'bun' | 'short' | 'curly' | 'waves' | 'ponytail';
export type Neckline = 'crew' | 'v' | 'turtleneck' | 'blazer' | 'square';
export type TopKind = 'tee' | 'long-sleeve' | 'crop' | 'blouse' | 'jacket' | 'sweater';
export type BottomKind = 'pants' | 'wide-pants' | 'shorts' | 'mini-skirt' | 'midi-skirt' | 'maxi-skirt';
export type ShoeKind = 'sneakers' | 'heels' | 'boots' | 'sandals';

/** A colour is one of the spec's colour names (Black, Haki, Sparkle...) or a CSS hex value. */
export type ArtColor = string;
/** A pattern is one of the spec's pattern names (Striped, Polka Dots, Leopard Print...); unknown means solid. */
export type ArtPattern = string;

export interface Garment<K extends string> {
  kind: K;
  color: ArtColor;
  pattern?: ArtPattern;
  /** Colour of the pattern's marks; derived from `color` when absent. */
  accent?: ArtColor;
}

export interface PersonLook {
  skin: string;
  hair: { style: HairStyle; color: string };
  /** Gold hoops, small studs or nothing. */
  earrings?: 'hoops' | 'studs';
  glasses?: boolean;
}

export interface AvatarSpec extends PersonLook {
  background: [string, string];
  clothing: { color: ArtColor; neckline: Neckline; pattern?: ArtPattern; accent?: ArtColor };
}

/** Where the picture is taken: a studio arch, a city street, a beach, a room, a park. */
export type Scene = 'studio' | 'street' | 'beach' | 'interior' | 'garden';
/** The figure's stance: arms down, or the right hand on the hip. */
export type Pose = 'front' | 'hand-on-hip';
/** The crop: the whole figure, head to hips, or a close-up of the shoes or the bag (shoes without a bag). */
export type Framing = 'full' | 'half' | 'shoes' | 'bag';

export interface OutfitSpec extends PersonLook {
  background: [string, string];
  scene?: Scene;
  pose?: Pose;
  framing?: Framing;
  /** Mirror the figure (bag and pose on the other side). */
  mirror?: boolean;
  /** Degrees the figure leans, pivoting at the feet; a few degrees look like a relaxed stance. */
  lean?: number;
  top?: Garment<TopKind>;
  bottom?: Garment<BottomKind>;
  /** A dress replaces top and bottom. */
  dress?: Garment<'mini' | 'midi' | 'maxi'>;
  shoes: Garment<ShoeKind>;
  bag?: { color: ArtColor; kind?: 'tote' | 'shoulder' | 'clutch' };
  hat?: { color: ArtColor };
}

/** Skin tones from light to deep, for callers that pick one by index. */
export const SKIN_TONES = [
  '#f6d7c3',
  '#eec1a2',
  '#d9a27e',
  '#c68863',
  '#a0674a',
  '#7a4a33',
  '#5a3625',
] as const;
export const HAIR_COLORS = {
  black: '#1d1a1a',
  darkBrown: '#3b2619',
  brown: '#6b4226',
  auburn: '#8e3b22',
  blonde: '#d8b46a',
  platinum: '#e9e0cf',
  copper: '#b5562b',
} as const;

/** Fashion-friendly renderings of the spec's colour names. */
const NAMED_COLORS: Record<string, string> = {
  none: '#e8e2da',
  black: '#24232a',
  white: '#f8f6f1',
  blue: '#3f5f9e',
  red: '#c73a3f',
  green: '#4d7c5f',
  yellow: '#f0c64f',
  pink: '#f1a9bc',
  purple: '#7c5fa8',
  brown: '#7b5236',
  gray: '#9c9ea6',
  grey: '#9c9ea6',
  gold: '#c9a14a',
  silver: '#c3c7cf',
  sparkle: '#d8c8ea',
  cream: '#f2e8d4',
  beige: '#d9c4a6',
  haki: '#a6996a',
  khaki: '#a6996a',
  denim: '#5876a6',
};

export function resolveColor(color: ArtColor): string {
  if (color.startsWith('#')) return color;
  return NAMED_COLORS[color.trim().toLowerCase()] ?? NAMED_COLORS.none!;
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return `#${[r, g, b].map((v) => clamp(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes `hex` towards `other` by `amount` (0..1). */
function mix(hex: string, other: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(other);
  return rgbToHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as [number, number, number]);
}

const shade = (hex: string, amount: number) => mix(hex, '#000000', amount);
const tint = (hex: string, amount: number) => mix(hex, '#ffffff', amount);

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** A mark colour that reads on `base`: light on dark fabric, dark on light fabric. */
function autoAccent(base: string): string {
  return luminance(base) < 0.5 ? tint(base, 0.75) : shade(base, 0.45);
}

/** Small deterministic PRNG so that decorative details vary per picture but never between runs. */
function prng(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

function garmentFill(
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
function commonDefs(): string {
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

/**
 * Head, face and hair in a local frame: head centre at the origin, 40 wide radius, 50 tall radius.
 * Returns the parts drawn behind the body (long hair) and in front of it.
 */
function headParts(look: PersonLook): { back: string; front: string; neck: string } {
  const skin = look.skin;
  const skinShadow = shade(skin, 0.12);
  const hair = look.hair.color;
  const hairLight = tint(hair, 0.18);
  let back = '';
  let hairFront = '';
  let showEars = false;

  switch (look.hair.style) {
    case 'long':
      back = `<path d="M-47 -8 C-54 -70 54 -70 47 -8 C52 30 58 70 62 104 Q0 120 -62 104 C-58 70 -52 30 -47 -8 Z" fill="${hair}"/>`;
      hairFront = `<path d="M-44 6 C-50 -62 46 -68 45 0 C40 -22 26 -36 -2 -40 C-14 -24 -30 -10 -44 6 Z" fill="${hair}"/><path d="M-2 -40 C10 -38 30 -30 38 -14" fill="none" stroke="${hairLight}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`;
      break;
    case 'waves': {
      const wave = (side: number) =>
        `<path d="M${side * 44} -6 C${side * 62} 20 ${side * 48} 40 ${side * 62} 62 C${side * 72} 80 ${side * 58} 96 ${side * 66} 110 L${side * 30} 104 C${side * 40} 70 ${side * 36} 30 ${side * 40} 0 Z" fill="${hair}"/>`;
      back = `<path d="M-48 -6 C-56 -72 56 -72 48 -6 L40 60 L-40 60 Z" fill="${hair}"/>${wave(-1)}${wave(1)}`;
      hairFront = `<path d="M-45 8 C-52 -64 48 -66 46 4 C38 -28 14 -40 -8 -38 C-30 -30 -40 -12 -45 8 Z" fill="${hair}"/><path d="M-30 -30 C-10 -46 20 -44 36 -24" fill="none" stroke="${hairLight}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`;
      break;
    }
    case 'bob':
      back = `<path d="M-50 -4 C-56 -70 56 -70 50 -4 L52 40 Q30 50 0 46 Q-30 50 -52 40 Z" fill="${hair}"/>`;
      hairFront = `<path d="M-45 -2 C-48 -64 48 -64 45 -2 C44 -14 40 -22 34 -24 Q0 -16 -34 -24 C-40 -22 -44 -14 -45 -2 Z" fill="${hair}"/><path d="M-28 -40 Q0 -50 30 -40" fill="none" stroke="${hairLight}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`;
      break;
    case 'bun':
      back = `<circle cx="0" cy="-58" r="22" fill="${hair}"/><path d="M-14 -70 Q0 -78 14 -70" fill="none" stroke="${hairLight}" stroke-width="3" opacity="0.6"/>`;
      hairFront = `<path d="M-42 -4 C-46 -62 46 -62 42 -4 C38 -28 22 -40 0 -40 C-22 -40 -38 -28 -42 -4 Z" fill="${hair}"/><path d="M-20 -44 Q0 -52 24 -42" fill="none" stroke="${hairLight}" stroke-width="2.5" opacity="0.55"/>`;
      showEars = true;
      break;
    case 'ponytail':
      back = `<path d="M30 -40 C70 -30 72 30 54 80 C48 50 46 10 26 -20 Z" fill="${hair}"/>`;
      hairFront = `<path d="M-42 -6 C-46 -62 46 -64 42 -6 C36 -30 16 -38 -4 -38 C-24 -36 -38 -24 -42 -6 Z" fill="${hair}"/><circle cx="34" cy="-34" r="6" fill="${shade(hair, 0.3)}"/>`;
      showEars = true;
      break;
    case 'short':
      hairFront = `<path d="M-42 -6 C-48 -48 -28 -66 2 -64 C34 -66 50 -46 42 -6 C40 -22 32 -30 18 -34 C4 -28 -16 -32 -32 -26 C-38 -20 -41 -14 -42 -6 Z" fill="${hair}"/><path d="M-16 -52 Q6 -62 28 -48" fill="none" stroke="${hairLight}" stroke-width="2.5" opacity="0.35"/>`;
      showEars = true;
      break;
    case 'curly': {
      const rand = prng(`${hair}${skin}`);
      const puffs: string[] = [];
      for (let a = 150; a <= 390; a += 18) {
        const rad = (a * Math.PI) / 180;
        const r = 15 + rand() * 6;
        puffs.push(
          `<circle cx="${(Math.cos(rad) * 50).toFixed(1)}" cy="${(Math.sin(rad) * 52 - 8).toFixed(1)}" r="${r.toFixed(1)}" fill="${hair}"/>`,
        );
      }
      back = `<ellipse cx="0" cy="-14" rx="62" ry="60" fill="${hair}"/>${puffs.join('')}`;
      hairFront = `<path d="M-40 -10 C-38 -44 38 -44 40 -10 C30 -30 -30 -30 -40 -10 Z" fill="${hair}"/>${[
        -26, -10, 8, 24,
      ]
        .map((x) => `<circle cx="${x}" cy="-34" r="11" fill="${hair}"/>`)
        .join(
          '',
        )}<circle cx="-14" cy="-50" r="4" fill="${hairLight}" opacity="0.45"/><circle cx="18" cy="-56" r="3" fill="${hairLight}" opacity="0.45"/>`;
      break;
    }
  }

  const ears = showEars
    ? `<ellipse cx="-40" cy="6" rx="7" ry="11" fill="${skinShadow}"/><ellipse cx="40" cy="6" rx="7" ry="11" fill="${skinShadow}"/>`
    : '';
  const earrings =
    look.earrings === 'hoops'
      ? `<circle cx="-41" cy="24" r="7" fill="none" stroke="#d4ad4f" stroke-width="2.6"/><circle cx="41" cy="24" r="7" fill="none" stroke="#d4ad4f" stroke-width="2.6"/>`
      : look.earrings === 'studs'
        ? `<circle cx="-40" cy="16" r="2.8" fill="#f1e4c0"/><circle cx="40" cy="16" r="2.8" fill="#f1e4c0"/>`
        : '';
  const brow = shade(look.hair.color, 0.1);
  const lips = mix(skin, '#b8445a', 0.55);
  const face = `
    <path d="M-24 -8 Q-15 -13 -6 -9" fill="none" stroke="${brow}" stroke-width="2.6" stroke-linecap="round"/>
    <path d="M6 -9 Q15 -13 24 -8" fill="none" stroke="${brow}" stroke-width="2.6" stroke-linecap="round"/>
    <path d="M-22 4 Q-15 9 -8 4" fill="none" stroke="#2c2024" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M8 4 Q15 9 22 4" fill="none" stroke="#2c2024" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M-1 10 Q-4 18 1 20" fill="none" stroke="${shade(skin, 0.22)}" stroke-width="1.8" stroke-linecap="round"/>
    <path d="M-9 29 Q0 25 9 29 Q0 36 -9 29 Z" fill="${lips}"/>
    <circle cx="-22" cy="18" r="7" fill="#e86f7c" opacity="0.18"/>
    <circle cx="22" cy="18" r="7" fill="#e86f7c" opacity="0.18"/>`;
  const glasses = look.glasses
    ? `<g fill="${'#ffffff'}" fill-opacity="0.15" stroke="#2a2326" stroke-width="2.4"><rect x="-30" y="-5" width="24" height="17" rx="7"/><rect x="6" y="-5" width="24" height="17" rx="7"/><path d="M-6 1 Q0 -3 6 1" fill="none"/></g>`
    : '';
  const neck = `<path d="M-14 28 L-15 70 Q0 78 15 70 L14 28 Z" fill="${skin}"/><path d="M-14 40 Q0 56 14 40 L14 30 L-14 30 Z" fill="${skinShadow}" opacity="0.5"/>`;
  const head = `${ears}<ellipse cx="0" cy="0" rx="40" ry="50" fill="${skin}"/><ellipse cx="0" cy="0" rx="40" ry="50" fill="url(#faceLight)"/>${face}${glasses}${earrings}`;
  return { back, front: `${head}${hairFront}`, neck };
}

/** An SVG document drawn in a `width` x `height` frame; `scale` shrinks or enlarges its pixel size. */
function svgDocument(width: number, height: number, defs: string, body: string, scale = 1): string {
  const size = `width="${Math.round(width * scale)}" height="${Math.round(height * scale)}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" ${size} viewBox="0 0 ${width} ${height}"><defs>${commonDefs()}${defs}</defs>${body}</svg>`;
}

function backgroundLayer(
  id: string,
  width: number,
  height: number,
  [from, to]: [string, string],
  seed: string,
) {
  const rand = prng(seed);
  const a = resolveColor(from);
  const b = resolveColor(to);
  const def = `<linearGradient id="${id}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
  // Soft blobs of the lighter tone add depth, like a studio backdrop lit from one side.
  const blobs = Array.from({ length: 3 }, (_, i) => {
    const cx = width * (0.15 + rand() * 0.7);
    const cy = height * (0.1 + rand() * 0.8);
    const r = Math.min(width, height) * (0.18 + rand() * 0.22);
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${i % 2 ? tint(a, 0.45) : tint(b, 0.35)}" opacity="0.45"/>`;
  }).join('');
  return {
    def: `${def}<filter id="${id}-blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${Math.round(width / 14)}"/></filter>`,
    body: `<rect width="${width}" height="${height}" fill="url(#${id})"/><g filter="url(#${id}-blur)">${blobs}</g>`,
  };
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

/*
 * Garment shapes below are drawn on the 1080 x 1350 canvas for a standing figure centred at x = 540:
 * shoulders at y = 330, waist at 560, hips at 650, knees at 900, ankles at 1160.
 */

type Sleeve = 'none' | 'short' | 'long' | 'puff';

function armPaths(sleeve: Sleeve, pose: Pose = 'front') {
  // Arms hang slightly away from the body; each is a tapered band from shoulder to wrist.
  const left =
    'M432 338 C402 360 392 420 388 480 C384 540 378 600 374 640 L404 644 C410 600 420 540 428 480 C434 430 446 392 462 372 Z';
  const leftHand = '<ellipse cx="388" cy="660" rx="18" ry="24"/>';
  const leftSleeves: Record<Sleeve, string | null> = {
    none: null,
    short: 'M428 332 C404 350 394 400 392 440 L440 448 C444 420 452 396 466 380 Z',
    puff: 'M440 330 C390 330 380 400 392 450 C410 462 436 460 446 446 C448 420 456 396 470 378 Z',
    long: left.replace('L404 644', 'L406 636'),
  };
  // The right arm either hangs like the left one or bends, elbow out, with the hand on the hip.
  const right =
    pose === 'hand-on-hip'
      ? 'M648 338 C684 356 708 410 720 458 C728 490 722 506 706 522 L668 570 L642 552 L682 504 C690 490 686 470 678 448 C666 410 646 386 618 372 Z'
      : 'M648 338 C678 360 688 420 692 480 C696 540 702 600 706 640 L676 644 C670 600 660 540 652 480 C646 430 634 392 618 372 Z';
  const rightHand =
    pose === 'hand-on-hip'
      ? '<ellipse cx="652" cy="566" rx="17" ry="22" transform="rotate(50 652 566)"/>'
      : '<ellipse cx="692" cy="660" rx="18" ry="24"/>';
  const rightSleeves: Record<Sleeve, string | null> =
    pose === 'hand-on-hip'
      ? {
          none: null,
          short: 'M652 332 C686 350 704 398 712 440 L664 456 C660 426 642 398 614 380 Z',
          puff: 'M640 330 C694 330 716 394 710 446 C692 462 666 462 656 450 C652 424 632 398 610 378 Z',
          long: right.replace('L668 570 L642 552', 'L674 562 L650 544'),
        }
      : {
          none: null,
          short: 'M652 332 C676 350 686 400 688 440 L640 448 C636 420 628 396 614 380 Z',
          puff: 'M640 330 C690 330 700 400 688 450 C670 462 644 460 634 446 C632 420 624 396 610 378 Z',
          long: right.replace('L676 644', 'L674 636'),
        };
  const sleeves = [leftSleeves[sleeve], rightSleeves[sleeve]].filter((d): d is string => d !== null);
  return { arms: [left, right], hands: leftHand + rightHand, sleeves };
}

function topShape(kind: TopKind): { body: string; sleeve: Sleeve; hemY: number } {
  switch (kind) {
    case 'crop':
      return {
        body: 'M450 330 C466 322 486 316 504 312 Q540 336 576 312 C594 316 614 322 630 330 C650 336 656 360 652 390 C646 440 632 480 626 500 L454 500 C448 480 434 440 428 390 C424 360 430 336 450 330 Z',
        sleeve: 'short',
        hemY: 500,
      };
    case 'jacket':
      return {
        body: 'M446 326 C466 318 488 312 506 308 Q540 318 574 308 C592 312 614 318 634 326 C660 334 668 370 664 410 C660 500 666 600 672 690 L408 690 C414 600 420 500 416 410 C412 370 420 334 446 326 Z',
        sleeve: 'long',
        hemY: 690,
      };
    case 'sweater':
      return {
        body: 'M448 328 C466 320 486 314 506 308 Q540 324 574 308 C594 314 614 320 632 328 C656 334 664 366 660 404 C654 470 650 560 654 640 Q540 656 426 640 C430 560 426 470 420 404 C416 366 424 334 448 328 Z',
        sleeve: 'long',
        hemY: 640,
      };
    case 'blouse':
      return {
        body: 'M450 330 C466 322 486 316 504 312 Q540 336 576 312 C594 316 614 322 630 330 C650 336 656 362 652 394 C646 450 624 520 626 600 Q540 616 454 600 C456 520 434 450 428 394 C424 362 430 336 450 330 Z',
        sleeve: 'puff',
        hemY: 600,
      };
    case 'long-sleeve':
      return {
        body: 'M450 330 C466 322 486 316 504 312 Q540 336 576 312 C594 316 614 322 630 330 C650 336 656 362 652 394 C646 450 626 520 630 600 Q540 612 450 600 C454 520 434 450 428 394 C424 362 430 336 450 330 Z',
        sleeve: 'long',
        hemY: 600,
      };
    default:
      return {
        body: 'M450 330 C466 322 486 316 504 312 Q540 336 576 312 C594 316 614 322 630 330 C650 336 656 362 652 394 C646 450 626 520 630 600 Q540 612 450 600 C454 520 434 450 428 394 C424 362 430 336 450 330 Z',
        sleeve: 'short',
        hemY: 600,
      };
  }
}

function bottomShape(kind: BottomKind): { body: string; legsBareFrom: number | null } {
  switch (kind) {
    case 'wide-pants':
      return {
        body: 'M452 560 L628 560 C640 620 652 700 664 800 C676 920 690 1040 700 1168 L566 1168 C560 1020 552 880 540 760 C528 880 520 1020 514 1168 L380 1168 C390 1040 404 920 416 800 C428 700 440 620 452 560 Z',
        legsBareFrom: null,
      };
    case 'shorts':
      return {
        body: 'M452 560 L628 560 C640 600 648 650 654 720 L556 730 L540 680 L524 730 L426 720 C432 650 440 600 452 560 Z',
        legsBareFrom: 720,
      };
    case 'mini-skirt':
      return {
        body: 'M454 560 L626 560 C640 610 656 680 672 750 Q540 770 408 750 C424 680 440 610 454 560 Z',
        legsBareFrom: 750,
      };
    case 'midi-skirt':
      return {
        body: 'M456 560 L624 560 C640 640 672 780 700 960 Q540 990 380 960 C408 780 440 640 456 560 Z',
        legsBareFrom: 960,
      };
    case 'maxi-skirt':
      return {
        body: 'M456 560 L624 560 C644 660 680 840 712 1140 Q540 1170 368 1140 C400 840 436 660 456 560 Z',
        legsBareFrom: 1140,
      };
    default:
      return {
        body: 'M452 560 L628 560 C636 640 640 720 630 820 C622 920 612 1040 606 1166 L550 1166 C548 1040 546 900 540 780 C534 900 532 1040 530 1166 L474 1166 C468 1040 458 920 450 820 C440 720 444 640 452 560 Z',
        legsBareFrom: null,
      };
  }
}

function dressShape(kind: 'mini' | 'midi' | 'maxi'): { body: string; hemY: number } {
  const hem = kind === 'mini' ? 760 : kind === 'midi' ? 970 : 1140;
  const flare = kind === 'mini' ? 130 : kind === 'midi' ? 165 : 180;
  return {
    body: `M452 330 C468 322 488 316 506 312 Q540 340 574 312 C592 316 612 322 628 330 C648 336 654 362 650 394 C644 450 618 520 622 566 C640 660 ${540 + flare - 10} ${hem - 160} ${540 + flare} ${hem} Q540 ${hem + 26} ${540 - flare} ${hem} C${540 - flare + 10} ${hem - 160} 440 660 458 566 C462 520 436 450 430 394 C426 362 432 336 452 330 Z`,
    hemY: hem,
  };
}

function shoes(kind: ShoeKind, color: string): string {
  const dark = shade(color, 0.3);
  const sole = kind === 'sneakers' ? '#f4f2ee' : shade(color, 0.5);
  const one = (x: number, flip: number) => {
    const tx = `translate(${x} 1160) scale(${flip} 1)`;
    switch (kind) {
      case 'boots':
        return `<g transform="${tx}"><path d="M-22 -90 L22 -90 L24 10 C40 14 52 22 52 34 L-24 34 Z" fill="${color}" stroke="${dark}" stroke-width="2"/><rect x="-24" y="30" width="76" height="8" rx="3" fill="${sole}"/></g>`;
      case 'heels':
        return `<g transform="${tx}"><path d="M-16 -4 C-4 0 20 8 44 24 C48 30 40 34 32 32 L-4 22 L-14 40 L-20 40 L-22 14 Z" fill="${color}" stroke="${dark}" stroke-width="2"/></g>`;
      case 'sandals':
        return `<g transform="${tx}"><path d="M-18 0 L18 0 L20 8 L-18 8 Z" fill="${color}"/><path d="M-20 22 C0 20 30 22 48 28 L48 34 L-22 34 Z" fill="${sole}"/><path d="M-16 8 C4 14 24 20 40 26" fill="none" stroke="${color}" stroke-width="6"/></g>`;
      default:
        return `<g transform="${tx}"><path d="M-22 -6 L20 -6 C30 4 48 10 56 20 C60 28 58 34 52 34 L-24 34 Z" fill="${color}" stroke="${dark}" stroke-width="2"/><rect x="-24" y="28" width="82" height="9" rx="4" fill="${sole}"/><path d="M0 2 L14 10 M4 -2 L18 6" stroke="${sole}" stroke-width="2.5"/></g>`;
    }
  };
  return one(502, -1) + one(578, 1);
}

function bagShape(bag: NonNullable<OutfitSpec['bag']>): string {
  const color = resolveColor(bag.color);
  const dark = shade(color, 0.3);
  switch (bag.kind ?? 'shoulder') {
    case 'tote':
      return `<path d="M682 610 C682 560 742 560 742 610" fill="none" stroke="${dark}" stroke-width="7"/><path d="M660 612 L764 612 L776 750 L648 750 Z" fill="${color}" stroke="${dark}" stroke-width="2"/><path d="M660 612 L764 612 L776 750 L648 750 Z" fill="url(#volume)"/>`;
    case 'clutch':
      return `<rect x="340" y="640" width="96" height="58" rx="10" fill="${color}" stroke="${dark}" stroke-width="2"/><path d="M340 660 Q388 690 436 660" fill="none" stroke="${dark}" stroke-width="2"/><circle cx="388" cy="676" r="5" fill="#d4ad4f"/>`;
    default:
      return `<path d="M626 350 L712 620" stroke="${dark}" stroke-width="5"/><rect x="676" y="600" width="92" height="74" rx="14" fill="${color}" stroke="${dark}" stroke-width="2"/><path d="M676 622 L768 622" stroke="${dark}" stroke-width="2"/><circle cx="722" cy="622" r="5" fill="#d4ad4f"/>`;
  }
}

/** Where a bag is drawn (its centre), for close-ups. */
const BAG_CENTRES: Record<NonNullable<NonNullable<OutfitSpec['bag']>['kind']>, [number, number]> = {
  tote: [712, 680],
  shoulder: [722, 637],
  clutch: [388, 669],
};

/**
 * With the right hand on the hip, a tote or shoulder bag moves to the left arm and shoulder. The
 * clutch is held in the left hand anyway.
 */
function bagOnLeft(spec: OutfitSpec): boolean {
  return spec.pose === 'hand-on-hip' && (spec.bag?.kind ?? 'shoulder') !== 'clutch';
}

/**
 * The set behind the figure, drawn over the soft backdrop in the backdrop's own tones: a pale arch in
 * a studio, buildings and a pavement, sea and sand, a room with a window and a plant, or a park.
 */
function sceneLayer(scene: Scene, [from, to]: [string, string], rand: () => number): string {
  const a = resolveColor(from);
  const b = resolveColor(to);
  switch (scene) {
    case 'street': {
      const parts: string[] = [];
      let x = -20;
      while (x < 1080) {
        const w = 150 + Math.round(rand() * 120);
        const top = 220 + Math.round(rand() * 360);
        const wall = mix(b, '#5d6470', 0.18 + rand() * 0.22);
        parts.push(
          `<rect x="${x}" y="${top}" width="${w - 10}" height="${1120 - top}" fill="${wall}" fill-opacity="0.55"/>`,
        );
        // Rows of windows, a little lighter than the wall.
        const glass = tint(wall, 0.45);
        for (let wy = top + 40; wy < 1040; wy += 90) {
          for (let wx = x + 22; wx < x + w - 50; wx += 56) {
            parts.push(
              `<rect x="${wx}" y="${wy}" width="30" height="48" rx="3" fill="${glass}" fill-opacity="0.5"/>`,
            );
          }
        }
        x += w;
      }
      const pavement = mix(a, '#a3a3a3', 0.4);
      parts.push(
        `<rect x="0" y="1110" width="1080" height="240" fill="${pavement}"/>`,
        `<rect x="0" y="1104" width="1080" height="12" fill="${shade(pavement, 0.18)}"/>`,
        ...[140, 420, 700, 980].map(
          (px) =>
            `<path d="M${px} 1116 L${px - 60 + (px - 540) * 0.4} 1350" stroke="${shade(pavement, 0.1)}" stroke-width="3"/>`,
        ),
        `<rect x="150" y="420" width="12" height="700" fill="${shade(b, 0.55)}"/><path d="M126 420 Q156 380 186 420 Z" fill="${shade(b, 0.55)}"/><circle cx="156" cy="424" r="9" fill="#fff6d8"/>`,
      );
      return parts.join('');
    }
    case 'beach': {
      const sea = mix('#5aa6c4', a, 0.3);
      const sand = mix('#ead6ae', a, 0.25);
      return [
        `<circle cx="${760 + Math.round(rand() * 160)}" cy="${250 + Math.round(rand() * 80)}" r="92" fill="#fff4c8" fill-opacity="0.85"/>`,
        `<rect x="0" y="780" width="1080" height="220" fill="${sea}"/>`,
        `<rect x="0" y="780" width="1080" height="60" fill="${tint(sea, 0.25)}" fill-opacity="0.6"/>`,
        ...[860, 910, 955].map(
          (y, i) =>
            `<path d="M${40 + i * 70} ${y} q 60 -14 120 0 t 120 0 M${560 + i * 40} ${y + 12} q 60 -14 120 0 t 120 0" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-opacity="0.5"/>`,
        ),
        `<path d="M0 990 Q540 950 1080 990 L1080 1350 L0 1350 Z" fill="${sand}"/>`,
        `<path d="M0 1000 Q540 962 1080 1000" fill="none" stroke="#ffffff" stroke-width="10" stroke-opacity="0.55"/>`,
      ].join('');
    }
    case 'interior': {
      const floor = mix('#c49a6c', b, 0.35);
      const frame = '#fbf8f3';
      const leaf = mix('#4e7d57', a, 0.15);
      const boards = [1150, 1215, 1290]
        .map((y) => `<path d="M0 ${y} L1080 ${y}" stroke="${shade(floor, 0.14)}" stroke-width="3"/>`)
        .join('');
      const leaves = Array.from({ length: 7 }, (_, i) => {
        const angle = -70 + i * 23 + rand() * 8;
        return `<ellipse cx="905" cy="880" rx="26" ry="92" fill="${i % 2 ? leaf : tint(leaf, 0.15)}" transform="rotate(${angle.toFixed(0)} 905 960) translate(0 -30)"/>`;
      }).join('');
      return [
        `<rect x="86" y="170" width="260" height="560" rx="6" fill="${tint(a, 0.7)}" stroke="${frame}" stroke-width="16"/>`,
        `<path d="M216 170 L216 730 M86 450 L346 450" stroke="${frame}" stroke-width="10"/>`,
        `<path d="M346 730 L520 1090 L300 1090 L86 730 Z" fill="#ffffff" fill-opacity="0.16"/>`,
        `<rect x="0" y="1090" width="1080" height="260" fill="${floor}"/>${boards}`,
        `<rect x="0" y="1076" width="1080" height="18" fill="${frame}"/>`,
        leaves,
        `<path d="M860 960 L950 960 L938 1086 L872 1086 Z" fill="#c97b56"/><rect x="852" y="952" width="106" height="18" rx="4" fill="#b86b48"/>`,
      ].join('');
    }
    case 'garden': {
      const lawn = mix('#9cc48c', a, 0.25);
      const bush = mix('#6f9d72', b, 0.2);
      const bushes = Array.from({ length: 9 }, (_, i) => {
        const cx = i * 135 + Math.round(rand() * 40);
        const r = 70 + Math.round(rand() * 40);
        return `<circle cx="${cx}" cy="${960 - r * 0.4}" r="${r}" fill="${i % 2 ? bush : shade(bush, 0.1)}"/>`;
      }).join('');
      const flowers = Array.from({ length: 26 }, () => {
        const fx = Math.round(rand() * 1080);
        const fy = 1000 + Math.round(rand() * 330);
        const color = ['#ffffff', '#f6c4d0', '#f3d56a'][Math.floor(rand() * 3)];
        return `<circle cx="${fx}" cy="${fy}" r="${4 + Math.round(rand() * 3)}" fill="${color}" fill-opacity="0.9"/>`;
      }).join('');
      return [
        `<rect x="170" y="480" width="34" height="480" fill="${shade(bush, 0.45)}"/>`,
        `<circle cx="188" cy="430" r="150" fill="${shade(bush, 0.05)}"/><circle cx="110" cy="520" r="100" fill="${bush}"/><circle cx="270" cy="520" r="110" fill="${tint(bush, 0.08)}"/>`,
        bushes,
        `<rect x="0" y="950" width="1080" height="400" fill="${lawn}"/>`,
        `<path d="M470 950 L610 950 L760 1350 L320 1350 Z" fill="${tint(mix(lawn, '#e7dcc6', 0.7), 0.1)}"/>`,
        flowers,
      ].join('');
    }
    default:
      // A pale arch, like a styled photo set.
      return `<path d="M300 1250 L300 360 A240 240 0 0 1 780 360 L780 1250 Z" fill="#ffffff" fill-opacity="0.28"/>`;
  }
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
