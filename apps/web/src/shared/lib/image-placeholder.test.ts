import { act, renderHook } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeholderImageUrl, usePlaceholderImageUrl } from './image-placeholder';

/** The ThumbHash (base64, as the server sends it) of a 4 x 4 image of one colour. */
function thumbHash(red: number): string {
  const rgba = new Uint8Array(4 * 4 * 4).map((_, index) => [red, 90, 140, 255][index % 4] ?? 0);
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, rgba)));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('placeholderImageUrl', () => {
  it('decodes a ThumbHash to a PNG data URL, passes data URLs through, refuses garbage', () => {
    expect(placeholderImageUrl(thumbHash(10))).toMatch(/^data:image\/png;base64,/);
    expect(placeholderImageUrl('data:image/webp;base64,AAAA')).toBe('data:image/webp;base64,AAAA');
    expect(placeholderImageUrl('!!')).toBeUndefined();
    expect(placeholderImageUrl(null)).toBeUndefined();
  });
});

describe('usePlaceholderImageUrl', () => {
  it('decodes at once for a photo on screen', () => {
    const hash = thumbHash(20);
    const { result } = renderHook(() => usePlaceholderImageUrl(hash, true));
    expect(result.current).toMatch(/^data:image\/png;base64,/);
  });

  it('decodes an off-screen photo when the browser is idle, then shows it', async () => {
    vi.useFakeTimers();
    const hash = thumbHash(30);
    const { result, rerender } = renderHook(({ value }) => usePlaceholderImageUrl(value, false), {
      initialProps: { value: hash },
    });
    expect(result.current).toBeUndefined();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toBe(placeholderImageUrl(hash));

    // Another photo in the same frame: undecoded again until idle.
    const next = thumbHash(40);
    rerender({ value: next });
    expect(result.current).toBeUndefined();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toBe(placeholderImageUrl(next));
  });

  it('shows at once what was decoded before, off screen or not', () => {
    const hash = thumbHash(50);
    placeholderImageUrl(hash);
    const { result } = renderHook(() => usePlaceholderImageUrl(hash, false));
    expect(result.current).toMatch(/^data:image\/png;base64,/);
  });
});
