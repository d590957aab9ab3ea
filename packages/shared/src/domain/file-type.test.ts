import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type.ts';

const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('sniffFileType on plain bytes (the browser has no Buffer)', () => {
  it('tells photos and videos by their first bytes', () => {
    expect(sniffFileType(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toEqual({ kind: 'image', format: 'jpeg' });
    expect(sniffFileType(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toEqual({
      kind: 'image',
      format: 'png',
    });
    expect(sniffFileType(bytes('RIFF\0\0\0\0WEBPVP8 '))).toEqual({ kind: 'image', format: 'webp' });
    expect(sniffFileType(bytes('\0\0\0\x18ftypheic'))).toEqual({ kind: 'image', format: 'heif' });
    expect(sniffFileType(bytes('\0\0\0\x18ftypqt  '))).toMatchObject({ kind: 'video', extension: 'mov' });
    expect(sniffFileType(bytes('\0\0\0\x18ftypisom'))).toMatchObject({ kind: 'video', extension: 'mp4' });
    expect(sniffFileType(bytes('\x1a\x45\xdf\xa3\x9f\x42\x82\x84webm'))).toMatchObject({
      kind: 'video',
      extension: 'webm',
    });
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffFileType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffFileType(bytes('GIF89a'))).toBeNull();
    expect(sniffFileType(bytes('\x1a\x45\xdf\xa3\x9f\x42\x82\x88matroska'))).toBeNull();
    expect(sniffFileType(bytes('\0\0\0\x18ftypM4A '))).toBeNull();
    expect(sniffFileType(new Uint8Array(0))).toBeNull();
  });
});
