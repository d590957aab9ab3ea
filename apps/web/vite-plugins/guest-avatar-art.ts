/**
 * The 8 stock guest avatars (spec section 3: "avatar one of 8 stock photos"), drawn by code as
 * stylised head-and-shoulders portraits: varied skin tones, hair, garments and accessories on soft
 * backgrounds. Plain strings, no DOM: the Vite plugin (guest-avatars.ts) writes them out as SVG files.
 */

type HairStyle = 'long-wavy' | 'pixie' | 'afro' | 'bun' | 'bob' | 'short' | 'hijab' | 'beret-long';
type Neckline = 'v-neck' | 'turtleneck' | 'crew' | 'collar' | 'blazer' | 'denim' | 'stripes' | 'drape';

interface Portrait {
  background: string;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  garment: string;
  neckline: Neckline;
  lips: string;
  /** Hat or scarf colour, where the style has one. */
  accent?: string;
  earrings?: 'hoops' | 'pearls';
  glasses?: boolean;
}

const PORTRAITS: readonly Portrait[] = [
  {
    background: '#fbe3d6',
    skin: '#c68a62',
    hair: '#3b2419',
    hairStyle: 'long-wavy',
    garment: '#c4623f',
    neckline: 'v-neck',
    lips: '#9c3b3b',
    earrings: 'hoops',
  },
  {
    background: '#dce8f5',
    skin: '#f3d2bd',
    hair: '#e2c178',
    hairStyle: 'pixie',
    garment: '#27324f',
    neckline: 'turtleneck',
    lips: '#c2566b',
  },
  {
    background: '#e6def7',
    skin: '#6e4330',
    hair: '#1d1412',
    hairStyle: 'afro',
    garment: '#e0a93b',
    neckline: 'crew',
    lips: '#5a2a25',
    earrings: 'hoops',
  },
  {
    background: '#dcefe4',
    skin: '#f6d9c6',
    hair: '#9a4a2c',
    hairStyle: 'bun',
    garment: '#8fae8b',
    neckline: 'collar',
    lips: '#c0525f',
    earrings: 'pearls',
  },
  {
    background: '#fadbe5',
    skin: '#e3b08e',
    hair: '#15151a',
    hairStyle: 'bob',
    garment: '#1f1f23',
    neckline: 'blazer',
    lips: '#b3253c',
  },
  {
    background: '#f8edc8',
    skin: '#a86f4c',
    hair: '#241a16',
    hairStyle: 'short',
    garment: '#5b7ea6',
    neckline: 'denim',
    lips: '#7a4236',
    glasses: true,
  },
  {
    background: '#efe2d3',
    skin: '#c99272',
    hair: '#2a1d18',
    hairStyle: 'hijab',
    garment: '#f3ead9',
    neckline: 'drape',
    lips: '#a4464c',
    accent: '#c98b8f',
  },
  {
    background: '#d5ece9',
    skin: '#f0c7ab',
    hair: '#d9d4cf',
    hairStyle: 'beret-long',
    garment: '#fbfaf7',
    neckline: 'stripes',
    lips: '#c44b58',
    accent: '#b8322f',
  },
];

export const GUEST_AVATAR_ART_COUNT = PORTRAITS.length;

/** `hex` mixed towards black (amount < 0) or white (amount > 0), amount in -1..1. */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount < 0 ? 0 : 255;
  const mixed = channels.map((channel) => Math.round(channel + (target - channel) * Math.abs(amount)));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

const FACE =
  'M90 108C90 78 106 62 128 62C150 62 166 78 166 108C166 138 151 162 128 162C105 162 90 138 90 108Z';
const SHOULDERS = 'M26 256C28 222 62 201 106 195H150C194 201 228 222 230 256Z';

/** Hair drawn behind the head and shoulders. */
function hairBack(p: Portrait): string {
  const fill = `fill="${p.hair}"`;
  switch (p.hairStyle) {
    case 'long-wavy':
      return `<path ${fill} d="M80 112C72 62 100 44 128 44C158 44 186 62 178 114C174 146 190 170 196 198C200 222 176 232 160 222C150 214 150 204 146 196H110C106 206 104 216 94 222C78 232 56 222 60 198C66 170 84 146 80 112Z"/>`;
    case 'afro': {
      const circles: string[] = [];
      for (let i = 0; i < 15; i++) {
        const angle = Math.PI * (0.92 + (i / 14) * 1.16);
        const x = 128 + Math.cos(angle) * 58;
        const y = 104 + Math.sin(angle) * 56;
        circles.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${i % 2 ? 21 : 24}"/>`);
      }
      return `<g ${fill}><ellipse cx="128" cy="98" rx="66" ry="58"/>${circles.join('')}</g>`;
    }
    case 'bun':
      return `<circle ${fill} cx="128" cy="48" r="23"/><path fill="${shade(p.hair, -0.2)}" d="M110 60C118 66 138 66 146 60" stroke="${shade(p.hair, -0.25)}" stroke-width="3" fill-opacity="0"/>`;
    case 'bob':
      return `<path ${fill} d="M82 110C80 68 102 50 128 50C154 50 176 68 174 110L178 160C170 170 156 168 150 162H106C100 168 86 170 78 160Z"/>`;
    case 'hijab':
      return `<path fill="${p.accent}" d="M72 118C68 64 98 40 128 40C158 40 188 64 184 118C182 150 174 172 200 204C176 222 80 222 56 204C82 172 74 150 72 118Z"/>`;
    case 'beret-long':
      return `<path ${fill} d="M86 96C84 130 80 170 74 206C90 214 104 210 112 200H144C152 210 166 214 182 206C176 170 172 130 170 96Z"/>`;
    default:
      return '';
  }
}

function garment(p: Portrait): string {
  const base = `<path fill="${p.garment}" d="${SHOULDERS}"/>`;
  const dark = shade(p.garment, -0.22);
  const light = shade(p.garment, 0.18);
  switch (p.neckline) {
    case 'v-neck':
      return `${base}<path fill="${p.skin}" d="M112 194L128 226L144 194Z"/><path fill="none" stroke="${dark}" stroke-width="3" stroke-linejoin="round" d="M110 193L128 229L146 193"/>`;
    case 'turtleneck':
      return `${base}<path fill="${p.garment}" d="M108 160H148L150 202C136 208 120 208 106 202Z"/><path fill="none" stroke="${dark}" stroke-width="2.5" stroke-linecap="round" d="M110 172C122 176 134 176 146 172M110 184C122 188 134 188 146 184"/>`;
    case 'crew':
      return `${base}<path fill="none" stroke="${dark}" stroke-width="4" stroke-linecap="round" d="M108 195C116 206 140 206 148 195"/>`;
    case 'collar':
      return `${base}<path fill="${light}" d="M106 192L128 212L116 230L94 204ZM150 192L128 212L140 230L162 204Z"/><path stroke="${dark}" stroke-width="2.5" d="M128 212V256"/><circle fill="${dark}" cx="134" cy="232" r="2.5"/><circle fill="${dark}" cx="134" cy="248" r="2.5"/>`;
    case 'blazer':
      return `${base}<path fill="#f7f5f2" d="M108 195L128 240L148 195Z"/><path fill="${light}" d="M104 194L128 240L114 250L90 206ZM152 194L128 240L142 250L166 206Z"/>`;
    case 'denim': {
      const stitch = shade(p.garment, 0.45);
      return `${base}<path fill="${light}" d="M104 192L128 214L114 232L90 206ZM152 192L128 214L142 232L166 206Z"/><path fill="none" stroke="${stitch}" stroke-width="1.5" stroke-dasharray="4 3" d="M60 232C80 226 96 228 110 236M196 232C176 226 160 228 146 236M128 216V256"/><path fill="#f1ece4" d="M118 196L128 214L138 196Z"/>`;
    }
    case 'stripes': {
      const stripes: string[] = [];
      for (let y = 206; y < 256; y += 12) stripes.push(`<rect x="0" y="${y}" width="256" height="5"/>`);
      return `<clipPath id="g"><path d="${SHOULDERS}"/></clipPath>${base}<g clip-path="url(#g)" fill="#1f2a44">${stripes.join('')}</g><path fill="none" stroke="#1f2a44" stroke-width="3" stroke-linecap="round" d="M104 196C114 208 142 208 152 196"/>`;
    }
    case 'drape':
      return `${base}<path fill="${p.accent}" d="M94 150C104 184 152 184 162 150L184 206C156 224 100 224 72 206Z"/><path fill="none" stroke="${shade(p.accent ?? p.garment, -0.18)}" stroke-width="2.5" stroke-linecap="round" d="M92 196C112 206 144 206 164 196M100 182C116 190 140 190 156 182"/>`;
  }
}

function neck(p: Portrait): string {
  const shadow = shade(p.skin, -0.16);
  return `<path fill="${p.skin}" d="M111 138H145V200C136 206 120 206 111 200Z"/><path fill="${shadow}" d="M111 150C120 166 136 166 145 150V164C136 174 120 174 111 164Z"/>`;
}

function head(p: Portrait): string {
  // A scarf or a bob hides the ears.
  const ears =
    p.hairStyle === 'hijab' || p.hairStyle === 'bob'
      ? ''
      : `<ellipse fill="${p.skin}" cx="90" cy="116" rx="7" ry="11"/><ellipse fill="${p.skin}" cx="166" cy="116" rx="7" ry="11"/>`;
  return `${ears}<path fill="${p.skin}" d="${FACE}"/>`;
}

function face(p: Portrait): string {
  const line = shade(p.skin, -0.55);
  const brow = shade(p.hair === '#d9d4cf' ? '#8a7f77' : p.hair, -0.05);
  return [
    `<g fill="none" stroke-linecap="round">`,
    `<path stroke="${brow}" stroke-width="3.2" d="M103 101Q111 96 120 100M136 100Q145 96 153 101"/>`,
    `<path stroke="${line}" stroke-width="2.8" d="M104 115Q112 121 120 115M136 115Q144 121 152 115"/>`,
    `<path stroke="${line}" stroke-width="2" d="M104 115L101 112M152 115L155 112"/>`,
    `<path stroke="${shade(p.skin, -0.28)}" stroke-width="2.2" d="M129 120Q124 133 131 135"/>`,
    `</g>`,
    `<circle fill="#f08a7e" fill-opacity="0.22" cx="106" cy="134" r="9"/><circle fill="#f08a7e" fill-opacity="0.22" cx="150" cy="134" r="9"/>`,
    `<path fill="${p.lips}" d="M117 145Q123 140 128 143Q133 140 139 145Q128 154 117 145Z"/>`,
  ].join('');
}

/** Hair (and hats) drawn over the forehead. */
function hairFront(p: Portrait): string {
  const fill = `fill="${p.hair}"`;
  const strand = shade(p.hair, p.hair === '#d9d4cf' ? -0.18 : 0.18);
  switch (p.hairStyle) {
    case 'long-wavy':
      return `<path ${fill} d="M86 112C84 72 106 52 132 52C160 54 174 76 170 108C160 86 140 76 120 80C106 90 96 100 86 112Z"/><path fill="none" stroke="${strand}" stroke-width="2" stroke-linecap="round" d="M116 62C104 70 96 84 92 98M140 58C150 64 160 74 164 88"/>`;
    case 'pixie':
      return `<path ${fill} d="M86 108C80 68 106 50 132 52C160 54 178 74 170 108C166 94 160 86 152 82C138 92 112 96 94 90C90 96 88 102 86 108Z"/><path fill="none" stroke="${shade(p.hair, -0.15)}" stroke-width="2" stroke-linecap="round" d="M110 66C120 72 132 76 148 76M100 78C112 84 128 86 140 86"/>`;
    case 'afro':
      return `<path ${fill} d="M88 106C90 78 108 64 128 64C148 64 166 78 168 106C160 92 146 86 128 86C110 86 96 92 88 106Z"/>`;
    case 'bun':
      return `<path ${fill} d="M88 110C86 74 106 58 128 58C150 58 170 74 168 110C162 88 148 76 128 76C108 76 94 88 88 110Z"/><path fill="none" stroke="${strand}" stroke-width="2" stroke-linecap="round" d="M104 70C112 66 120 64 128 64M152 70C144 66 136 64 128 64"/>`;
    case 'bob':
      return `<path ${fill} d="M88 100C88 70 106 56 128 56C150 56 168 70 168 100C158 96 148 98 140 94C130 98 118 98 110 94C102 98 96 96 88 100Z"/>`;
    case 'short':
      return `<path ${fill} d="M88 108C82 70 106 52 130 52C156 52 176 68 170 108C166 94 162 86 156 80C140 88 114 88 98 80C94 88 90 98 88 108Z"/><path fill="${p.hair}" fill-opacity="0.18" d="M96 128C98 154 112 166 128 166C144 166 158 154 160 128C154 146 142 156 128 156C114 156 102 146 96 128Z"/>`;
    case 'hijab':
      return `<path fill="${p.accent}" fill-rule="evenodd" d="M74 116C74 64 100 44 128 44C156 44 182 64 182 116C182 150 168 172 150 180H106C88 172 74 150 74 116ZM93 110C93 80 108 68 128 68C148 68 163 80 163 110C163 138 150 159 128 159C106 159 93 138 93 110Z"/><path fill="none" stroke="${shade(p.accent ?? p.hair, -0.15)}" stroke-width="2.5" stroke-linecap="round" d="M96 96C104 76 116 70 128 70C140 70 152 76 160 96"/>`;
    case 'beret-long':
      return `<path ${fill} d="M88 112C88 84 102 70 128 68C118 80 100 96 88 112ZM168 112C168 84 154 70 128 68C138 80 156 96 168 112Z"/><ellipse fill="${p.accent}" cx="120" cy="66" rx="52" ry="21" transform="rotate(-9 120 66)"/><path fill="${shade(p.accent ?? p.hair, -0.2)}" d="M70 76C92 86 138 82 170 62C168 70 164 76 158 80C130 92 96 94 72 84Z"/><path fill="${p.accent}" d="M118 42L122 34L128 42Z"/>`;
  }
}

function accessories(p: Portrait): string {
  const parts: string[] = [];
  if (p.earrings === 'hoops') {
    parts.push(
      `<g fill="none" stroke="#d4a73c" stroke-width="2.5"><circle cx="89" cy="134" r="8"/><circle cx="167" cy="134" r="8"/></g>`,
    );
  } else if (p.earrings === 'pearls') {
    parts.push(
      `<g fill="#fbf7ef" stroke="#d9cfbf"><circle cx="89" cy="128" r="4"/><circle cx="167" cy="128" r="4"/></g>`,
    );
  }
  if (p.glasses) {
    parts.push(
      `<g fill="#ffffff" fill-opacity="0.18" stroke="#2b2220" stroke-width="3"><circle cx="112" cy="116" r="13"/><circle cx="144" cy="116" r="13"/><path fill="none" d="M125 115Q128 112 131 115M99 113L90 110M157 113L166 110"/></g>`,
    );
  }
  return parts.join('');
}

/** Portrait `n` (1..8) as a complete SVG document. */
export function guestAvatarSvg(n: number): string {
  const p = PORTRAITS[n - 1];
  if (!p) throw new RangeError(`Guest avatar number must be 1..${PORTRAITS.length}, got ${n}`);
  const body = [
    `<rect width="256" height="256" fill="${p.background}"/>`,
    `<circle cx="128" cy="118" r="98" fill="#ffffff" fill-opacity="0.35"/>`,
    hairBack(p),
    // The garment covers the base of the neck (and a turtleneck its length).
    p.neckline === 'drape' ? '' : neck(p),
    garment(p),
    head(p),
    face(p),
    hairFront(p),
    accessories(p),
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">${body}</svg>\n`;
}
