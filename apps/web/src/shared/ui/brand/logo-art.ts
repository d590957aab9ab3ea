/**
 * The SYS logo as plain data: drawn by code, rendered by the React `Logo` component and, at build time,
 * by the PWA plugin (favicon and app icons). No DOM, no React: both the browser and Node import it.
 */

export const BRAND_COLORS = {
  accent: '#be2e5a',
  ink: '#171717',
  paper: '#ffffff',
} as const;

type Point = readonly [number, number];

const round = (value: number) => Math.round(value * 100) / 100;
const pt = ([x, y]: Point) => `${round(x)} ${round(y)}`;

/** A heart centred on (cx, cy), `size` wide. */
function heartPath(cx: number, cy: number, size: number): string {
  const s = size / 2;
  const p = (x: number, y: number): Point => [cx + x * s, cy + y * s];
  return [
    `M${pt(p(0, 0.95))}`,
    `C${pt(p(-0.3, 0.72))} ${pt(p(-1, 0.28))} ${pt(p(-1, -0.24))}`,
    `C${pt(p(-1, -0.66))} ${pt(p(-0.7, -0.92))} ${pt(p(-0.44, -0.92))}`,
    `C${pt(p(-0.2, -0.92))} ${pt(p(-0.05, -0.76))} ${pt(p(0, -0.56))}`,
    `C${pt(p(0.05, -0.76))} ${pt(p(0.2, -0.92))} ${pt(p(0.44, -0.92))}`,
    `C${pt(p(0.7, -0.92))} ${pt(p(1, -0.66))} ${pt(p(1, -0.24))}`,
    `C${pt(p(1, 0.28))} ${pt(p(0.3, 0.72))} ${pt(p(0, 0.95))}Z`,
  ].join('');
}

/**
 * The mark: a coat hanger holding a heart, on a 64 x 64 grid. The hanger is a stroke, the heart a fill.
 */
export const LOGO_MARK = {
  viewBox: '0 0 64 64',
  size: 64,
  hanger: 'M32 31V26A5.5 5.5 0 1 1 37.5 20.5M32 31L8.5 49H55.5Z',
  hangerStroke: 3.8,
  heart: heartPath(32, 42.2, 11.5),
} as const;

// ---------------------------------------------------------------------------------------------------
// The wordmark: 'SYS' in a high-contrast (Didone-like) serif, drawn on a cap height of 100 units.
// The S is written with a flat, horizontal "nib": its centre line is stroked several times, shifted
// sideways, so vertical strokes come out thick and horizontal ones hairline, like a Bodoni S.

const CAP = 100;
const HAIRLINE = 3.2;
const NIB = 9.6;
const NIB_STEPS = 12;

/** Centre line of an S, 0..52 wide, as cubic segments. */
const S_CENTRE: readonly (readonly [Point, Point, Point])[] = [
  [
    [46, 3.2],
    [40, 2.2],
    [30, 2.2],
  ],
  [
    [17, 2],
    [6.5, 10.5],
    [6.5, 23.5],
  ],
  [
    [6.5, 37.5],
    [18.5, 43.5],
    [28, 48.5],
  ],
  [
    [39, 54.5],
    [47.5, 61],
    [47.5, 75],
  ],
  [
    [47.5, 89.5],
    [37, 97.8],
    [23.5, 97.8],
  ],
  [
    [13, 97.8],
    [5.5, 96.5],
    [1.5, 93],
  ],
];
const S_START: Point = [50.5, 5.5];

function sCentreLine(dx: number, shiftX: number): string {
  const move = (p: Point): Point => [p[0] + dx + shiftX, p[1]];
  const segments = S_CENTRE.map(([a, b, c]) => `C${pt(move(a))} ${pt(move(b))} ${pt(move(c))}`).join('');
  return `M${pt(move(S_START))}${segments}`;
}

/** A filled rectangle as a clockwise sub-path. */
function rect(x: number, y: number, w: number, h: number): string {
  return `M${pt([x, y])}H${round(x + w)}V${round(y + h)}H${round(x)}Z`;
}

/** A filled polygon as a sub-path. */
function polygon(points: readonly Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  return `M${pt(first)}${rest.map((p) => `L${pt(p)}`).join('')}Z`;
}

interface Letter {
  /** Stroked with the nib (S): the same centre line repeated with small horizontal shifts. */
  stroke?: string;
  /** Filled shapes: serifs, stems, terminals. */
  fill: string;
  width: number;
}

function letterS(x: number): Letter {
  const stroke = Array.from({ length: NIB_STEPS }, (_, i) =>
    sCentreLine(x, (i * NIB) / (NIB_STEPS - 1)),
  ).join('');
  // Vertical hairline beaks at both ends, as on a Didone S.
  const fill = [
    rect(x + 50.5 + NIB - HAIRLINE / 2, 1.2, HAIRLINE, 19),
    rect(x + 0.4, 77, HAIRLINE, 21.2),
  ].join('');
  return { stroke, fill, width: 60 };
}

function letterY(x: number): Letter {
  const top = 0;
  const join = 54;
  const stemLeft = x + 26.5;
  const stemWidth = 12;
  const fill = [
    // Thick left arm, meeting the stem.
    polygon([
      [x + 1.5, top],
      [x + 16.5, top],
      [stemLeft + stemWidth, join + 2],
      [stemLeft, join + 2],
    ]),
    // Hairline right arm.
    polygon([
      [x + 59, top],
      [x + 59 + HAIRLINE + 0.6, top],
      [stemLeft + stemWidth, join + 1],
      [stemLeft + stemWidth - HAIRLINE - 1.4, join + 1],
    ]),
    rect(stemLeft, join, stemWidth, CAP - join),
    // Serifs.
    rect(x - 2, top, 22, HAIRLINE),
    rect(x + 51, top, 17, HAIRLINE),
    rect(stemLeft - 9, CAP - HAIRLINE, stemWidth + 18, HAIRLINE),
  ].join('');
  return { fill, width: 66 };
}

const LETTER_GAP = 12;

/** The wordmark's paths on its own grid (its viewBox): stroked with the nib, and filled. */
export interface WordmarkArt {
  viewBox: string;
  width: number;
  height: number;
  stroke: string;
  strokeWidth: number;
  fill: string;
}

/**
 * Draws the wordmark. The app does not call it: its paths are drawn once at build time and put in the
 * bundle as text (vite.config.ts, __SYS_WORDMARK__), since building them cost the first screen about
 * 40 ms of a phone's CPU (issue 20); the app shell in index.html is drawn from it too.
 */
export function drawWordmark(): WordmarkArt {
  const s1 = letterS(0);
  const yX = s1.width + LETTER_GAP;
  const y = letterY(yX);
  const s2X = yX + y.width + LETTER_GAP;
  const s2 = letterS(s2X);
  const width = s2X + s2.width + NIB / 2;
  return {
    viewBox: `-3 -2 ${round(width + 6)} ${CAP + 4}`,
    width: width + 6,
    height: CAP + 4,
    stroke: `${s1.stroke ?? ''}${s2.stroke ?? ''}`,
    strokeWidth: HAIRLINE,
    fill: `${s1.fill}${y.fill}${s2.fill}`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Standalone SVG documents for the favicon and the app icons.

function markGroup(scale: number, offset: number, color: string): string {
  return (
    `<g transform="translate(${round(offset)} ${round(offset)}) scale(${round(scale)})">` +
    `<path d="${LOGO_MARK.hanger}" fill="none" stroke="${color}" stroke-width="${LOGO_MARK.hangerStroke}" ` +
    'stroke-linecap="round" stroke-linejoin="round"/>' +
    `<path d="${LOGO_MARK.heart}" fill="${color}"/></g>`
  );
}

export interface IconSvgOptions {
  /** Pixel size of the square icon. */
  size: number;
  /**
   * Maskable icons fill the whole square (the platform crops them to a circle or squircle), so the mark
   * must sit inside the central safe zone.
   */
  maskable?: boolean;
}

/** White mark on the accent colour: the app icon. */
export function appIconSvg({ size, maskable = false }: IconSvgOptions): string {
  const markShare = maskable ? 0.56 : 0.72;
  const scale = (size * markShare) / LOGO_MARK.size;
  const offset = (size - LOGO_MARK.size * scale) / 2;
  const radius = maskable ? 0 : size * 0.22;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${round(radius)}" fill="${BRAND_COLORS.accent}"/>` +
    markGroup(scale, offset, BRAND_COLORS.paper) +
    '</svg>'
  );
}

/** The browser tab icon: the same as the app icon, drawn at 64 units. */
export function faviconSvg(): string {
  return appIconSvg({ size: 64 });
}
