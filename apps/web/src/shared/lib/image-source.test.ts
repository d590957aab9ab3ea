import { describe, expect, it } from 'vitest';
import { isOwnImageSource, ownSrcSet } from './image-source';

describe('isOwnImageSource', () => {
  it('allows our own files, data: images and blob: previews', () => {
    for (const src of [
      '/media/post-media/u/1.jpg',
      '/guest-avatars/1.svg',
      '/',
      '/media/a b\\c.jpg',
      '/media/\t/x.jpg',
      `${window.location.origin}/media/x.webp`,
      'data:image/webp;base64,AAAA',
      'blob:http://localhost:3000/5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a',
    ]) {
      expect(isOwnImageSource(src), src).toBe(true);
    }
  });

  it('refuses every other address, however it is spelled', () => {
    for (const src of [
      'https://shop.example/dress.jpg',
      'http://127.0.0.1/pixel.gif',
      'http://[::127.0.0.1]/x.png',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '/\t/evil.example/x.png',
      '/\n/evil.example/x.png',
      '/\r\\evil.example/x.png',
      '\n//evil.example/x.png',
      ' //evil.example/x.png',
      'https:evil.example/x.png',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '',
      null,
      undefined,
    ]) {
      expect(isOwnImageSource(src), JSON.stringify(src)).toBe(false);
    }
  });

  it('keeps only our own candidates of a srcset', () => {
    expect(
      ownSrcSet([
        { url: '/media/a.w320.webp', width: 320 },
        { url: 'https://cdn.example/a.jpg', width: 640 },
      ]),
    ).toBe('/media/a.w320.webp 320w');
    expect(ownSrcSet([{ url: 'https://cdn.example/a.jpg', width: 640 }])).toBeUndefined();
  });
});
