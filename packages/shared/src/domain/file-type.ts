/**
 * What a file is, decided by its first bytes (magic numbers), never by its name or the type the client
 * declared: a script named photo.jpg is still a script. The server decides uploads with it; the post
 * form refuses the same files before anything is uploaded.
 */
export type SniffedType =
  | { kind: 'image'; format: 'jpeg' | 'png' | 'webp' | 'heif' }
  | {
      kind: 'video';
      mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm';
      extension: 'mp4' | 'mov' | 'webm';
    };

/** How many leading bytes `sniffFileType` needs. */
export const SNIFF_BYTES = 64;

/** ISO-BMFF major brands of HEIF/AVIF still images (the server's image library decides later whether it can read them). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** ISO-BMFF major brands of MP4 video. Audio-only brands (M4A, M4B) are not accepted. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  '3gp4',
  '3gp5',
  '3gp6',
]);

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => head[offset + i] === byte);
}

/** Bytes `start` to `end` as Latin-1 text, or '' when the head is shorter. */
function ascii(head: Uint8Array, start: number, end: number): string {
  return head.length >= end ? String.fromCharCode(...head.subarray(start, end)) : '';
}

/** Where the two bytes `a`, `b` first occur, or -1. */
function indexOfPair(head: Uint8Array, a: number, b: number): number {
  for (let i = 0; i + 1 < head.length; i += 1) if (head[i] === a && head[i + 1] === b) return i;
  return -1;
}

/** The image or video type of a file from its first `SNIFF_BYTES` bytes; null for anything else. */
export function sniffFileType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', format: 'png' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { kind: 'image', format: 'webp' };

  // ISO base media file: a box of type 'ftyp' first, whose major brand names the format.
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (HEIF_BRANDS.has(brand)) return { kind: 'image', format: 'heif' };
    if (brand === 'qt  ') return { kind: 'video', mimeType: 'video/quicktime', extension: 'mov' };
    if (MP4_BRANDS.has(brand)) return { kind: 'video', mimeType: 'video/mp4', extension: 'mp4' };
    return null;
  }

  // Matroska's EBML header; only its WebM profile (DocType 'webm') is a web video.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    const docType = indexOfPair(head, 0x42, 0x82);
    if (docType !== -1 && ascii(head, docType + 3, docType + 7) === 'webm') {
      return { kind: 'video', mimeType: 'video/webm', extension: 'webm' };
    }
  }
  return null;
}
