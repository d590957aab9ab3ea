/**
 * What a file is, decided by its first bytes (magic numbers), never by its name or the type the client
 * declared: a script named photo.jpg is still a script.
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

/** ISO-BMFF major brands of HEIF/AVIF still images (sharp decides later whether it can read them). */
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

function startsWith(head: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => head[offset + i] === byte);
}

function ascii(head: Buffer, start: number, end: number): string {
  return head.length >= end ? head.toString('latin1', start, end) : '';
}

export function sniffFileType(head: Buffer): SniffedType | null {
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
    const docType = head.indexOf(Buffer.from([0x42, 0x82]));
    if (docType !== -1 && head.toString('latin1', docType + 3, docType + 7) === 'webm') {
      return { kind: 'video', mimeType: 'video/webm', extension: 'webm' };
    }
  }
  return null;
}
