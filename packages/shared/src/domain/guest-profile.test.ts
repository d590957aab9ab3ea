import { describe, expect, it } from 'vitest';
import { GUEST_MEASUREMENT_BASES } from '../constants/profile.ts';
import {
  createGuestProfile,
  GuestProfileSchema,
  guestAvatarUrl,
  parseStoredGuestProfile,
  type RandomSource,
  randomInt,
} from './guest-profile.ts';

/** A small seeded generator (mulberry32) for many varied profiles. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('randomInt', () => {
  it('covers the inclusive range', () => {
    expect(randomInt(() => 0, -3, 3)).toBe(-3);
    expect(randomInt(() => 0.999999, -3, 3)).toBe(3);
    expect(randomInt(() => 0.5, -3, 3)).toBe(0);
  });

  it('stays in range for a source that returns 1', () => {
    expect(randomInt(() => 1, 1, 8)).toBe(8);
  });
});

describe('guestAvatarUrl', () => {
  it('points at the 8 stock avatars', () => {
    expect(guestAvatarUrl(1)).toBe('/guest-avatars/1.svg');
    expect(guestAvatarUrl(8)).toBe('/guest-avatars/8.svg');
    expect(() => guestAvatarUrl(0)).toThrow(RangeError);
    expect(() => guestAvatarUrl(9)).toThrow(RangeError);
    expect(() => guestAvatarUrl(1.5)).toThrow(RangeError);
  });
});

describe('createGuestProfile', () => {
  it('builds the profile from the random source and the time', () => {
    const profile = createGuestProfile(() => 0, 1_700_000_000_000);
    expect(profile).toEqual({
      id: 'guest_1700000000000_aaaaaaaaa',
      username: 'guest_aaaa',
      display_name: 'Hi Gorgeous',
      avatar_url: '/guest-avatars/1.svg',
      bio: 'Fashion stylist',
      size: 'XS',
      chest_circumference: 77,
      waist_circumference: 62,
      hip_circumference: 82,
      measurements_public: true,
      isGuest: true,
    });
  });

  it('reaches the top of every range', () => {
    const profile = createGuestProfile(() => 0.999999, 1);
    expect(profile.size).toBe('XL');
    expect(profile.avatar_url).toBe('/guest-avatars/8.svg');
    expect([profile.chest_circumference, profile.waist_circumference, profile.hip_circumference]).toEqual([
      103, 88, 108,
    ]);
    expect(profile.measurements_public).toBe(false);
    expect(profile.username).toBe('guest_9999');
  });

  it('keeps every generated profile valid and within base ±3', () => {
    const random = seeded(42);
    const sizes = new Set<string>();
    const avatars = new Set<string>();
    const publics = new Set<boolean>();
    for (let i = 0; i < 500; i++) {
      const profile = createGuestProfile(random, 1_700_000_000_000 + i);
      expect(GuestProfileSchema.safeParse(profile).success).toBe(true);
      expect(profile.id).toMatch(/^guest_\d+_[a-z0-9]{9}$/);
      expect(profile.username).toMatch(/^guest_[a-z0-9]{4}$/);
      const base = GUEST_MEASUREMENT_BASES[profile.size];
      expect(Math.abs(profile.chest_circumference - base.chest)).toBeLessThanOrEqual(3);
      expect(Math.abs(profile.waist_circumference - base.waist)).toBeLessThanOrEqual(3);
      expect(Math.abs(profile.hip_circumference - base.hip)).toBeLessThanOrEqual(3);
      sizes.add(profile.size);
      avatars.add(profile.avatar_url);
      publics.add(profile.measurements_public);
    }
    expect(sizes.size).toBe(5);
    expect(avatars.size).toBe(8);
    expect(publics.size).toBe(2);
  });

  it('works with the default sources', () => {
    const profile = createGuestProfile();
    expect(GuestProfileSchema.parse(profile)).toEqual(profile);
  });
});

describe('parseStoredGuestProfile', () => {
  it('reads back what was stored', () => {
    const profile = createGuestProfile(seeded(7), 123);
    expect(parseStoredGuestProfile(JSON.stringify(profile))).toEqual(profile);
  });

  it('gives null for missing, broken or invalid data', () => {
    expect(parseStoredGuestProfile(null)).toBeNull();
    expect(parseStoredGuestProfile('')).toBeNull();
    expect(parseStoredGuestProfile('{not json')).toBeNull();
    const profile = createGuestProfile(seeded(7), 123);
    expect(parseStoredGuestProfile(JSON.stringify({ ...profile, isGuest: false }))).toBeNull();
    expect(parseStoredGuestProfile(JSON.stringify({ ...profile, id: 'user_1' }))).toBeNull();
    expect(parseStoredGuestProfile(JSON.stringify({ ...profile, size: 'XXL' }))).toBeNull();
  });
});
