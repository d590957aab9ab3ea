import { GUEST_AVATAR_COUNT } from '@sys/shared';
import { describe, expect, it } from 'vitest';
import { GUEST_AVATAR_ART_COUNT, guestAvatarSvg } from '../../../../vite-plugins/guest-avatar-art';

describe('the stock guest avatars (vite-plugins/guest-avatar-art)', () => {
  it('draws one distinct, well-formed portrait per avatar number', () => {
    expect(GUEST_AVATAR_ART_COUNT).toBe(GUEST_AVATAR_COUNT);
    const svgs = Array.from({ length: GUEST_AVATAR_COUNT }, (_, index) => guestAvatarSvg(index + 1));
    expect(new Set(svgs).size).toBe(GUEST_AVATAR_COUNT);
    for (const svg of svgs) {
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      expect(doc.querySelector('parsererror')).toBeNull();
      expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 256 256');
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  it('has no avatar 0 or 9', () => {
    expect(() => guestAvatarSvg(0)).toThrow(RangeError);
    expect(() => guestAvatarSvg(GUEST_AVATAR_COUNT + 1)).toThrow(RangeError);
  });
});
