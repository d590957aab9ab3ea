import { mix, prng, resolveColor, shade, tint } from './demo.art.color.ts';
import type { Scene } from './demo.art.spec.ts';

/* What stands behind the figure: the soft backdrop, and the set drawn over it. */

export function backgroundLayer(
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

/**
 * The set behind the figure, drawn over the soft backdrop in the backdrop's own tones: a pale arch in
 * a studio, buildings and a pavement, sea and sand, a room with a window and a plant, or a park.
 */
export function sceneLayer(scene: Scene, [from, to]: [string, string], rand: () => number): string {
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
