import type { ArtColor } from './demo.art.spec.ts';

/*
 * The demo pictures' colours: skin and hair tones, the spec's colour names as fashion-friendly values,
 * mixing them, and a deterministic source of variety.
 */

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
export const NAMED_COLORS: Record<string, string> = {
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
export function mix(hex: string, other: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(other);
  return rgbToHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as [number, number, number]);
}

export const shade = (hex: string, amount: number) => mix(hex, '#000000', amount);
export const tint = (hex: string, amount: number) => mix(hex, '#ffffff', amount);

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** A mark colour that reads on `base`: light on dark fabric, dark on light fabric. */
export function autoAccent(base: string): string {
  return luminance(base) < 0.5 ? tint(base, 0.75) : shade(base, 0.45);
}

/** Small deterministic PRNG so that decorative details vary per picture but never between runs. */
export function prng(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
