import type { PostMedia } from '@sys/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { MediaFrame } from './media-frame';

/** The ThumbHash (base64) of a solid-colour image, as the server computes it at upload. */
function solidThumbHash(width: number, height: number, [r, g, b]: [number, number, number]): string {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([r, g, b, 255], i);
  return btoa(String.fromCharCode(...rgbaToThumbHash(width, height, rgba)));
}

const photo = (placeholder: string | null): PostMedia => ({
  id: '00000000-0000-4000-8000-00000000a001',
  media_url: '/media/post-media/u/1.jpg',
  media_type: 'image',
  media_order: 0,
  width: 800,
  height: 1000,
  placeholder,
  variants: [],
  status: 'ready',
  poster_url: null,
});

/** The frame around the photo, and the PNG its background shows (undefined when none). */
function frameOf() {
  const image = screen.getByRole('img', { name: 'Red dress' });
  const frame = image.parentElement!;
  const match = /url\("data:image\/png;base64,([^"]+)"\)/.exec(frame.style.backgroundImage);
  return { image, frame, png: match ? Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0)) : undefined };
}

describe('MediaFrame placeholder', () => {
  it('draws the decoded ThumbHash behind the photo until the photo has loaded', () => {
    const hash = solidThumbHash(40, 50, [220, 30, 40]);
    // What the decoded placeholder should show: the hash's own pixels, red.
    const expected = thumbHashToRGBA(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
    expect(
      [expected.rgba[0], expected.rgba[1], expected.rgba[2]].map((v) => Math.round((v ?? 0) / 20)),
    ).toEqual([11, 2, 2]);

    render(<MediaFrame media={photo(hash)} alt="Red dress" />);
    const { image, png } = frameOf();
    // A PNG (its signature) of the hash's size: the width and height sit at bytes 16-23 of IHDR.
    expect(png).toBeDefined();
    expect(Array.from(png!.slice(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    const view = new DataView(png!.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([expected.w, expected.h]);

    fireEvent.load(image);
    expect(frameOf().frame.style.backgroundImage).toBe('');
  });

  it('shows the neutral surface when the media has no placeholder, and older data URLs as they are', () => {
    const { unmount } = render(<MediaFrame media={photo(null)} alt="Red dress" />);
    expect(frameOf().frame.style.backgroundImage).toBe('');
    expect(frameOf().frame.className).toContain('bg-subtle');
    unmount();

    const legacy = 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=';
    render(<MediaFrame media={photo(legacy)} alt="Red dress" />);
    expect(frameOf().frame.style.backgroundImage).toBe(`url("${legacy}")`);
  });

  it('ignores a placeholder that is not a ThumbHash', () => {
    render(<MediaFrame media={photo('%%not base64%%')} alt="Red dress" />);
    expect(frameOf().frame.style.backgroundImage).toBe('');
  });
});
