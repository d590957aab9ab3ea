import { describe, expect, it } from 'vitest';
import { CurrencySchema } from '../schemas/posts.ts';
import { ProfileSizeSchema } from '../schemas/profiles.ts';
import { CURRENCIES, CURRENCY_SYMBOLS, DEFAULT_CURRENCY } from './currencies.ts';
import { LIMITS } from './limits.ts';
import {
  COLORS,
  DEFAULT_BRANDS,
  DEFAULT_PROFILE_SIZE,
  NONE_VALUE,
  PATTERNS,
  POST_ITEM_EVEN_SIZES_NOTE,
  POST_ITEM_SIZES,
  PRODUCT_TYPES,
  PROFILE_SIZES,
  STYLES,
} from './lists.ts';
import { PREFERENCE_WEIGHTS } from './preferences.ts';
import {
  DEFAULT_PROFILE,
  GUEST_AVATAR_COUNT,
  GUEST_BIO,
  GUEST_DISPLAY_NAME,
  GUEST_MEASUREMENT_BASES,
  GUEST_MEASUREMENT_VARIATION,
  GUEST_SIZES,
  PROFILE_FALLBACKS,
} from './profile.ts';
import { LOCAL_STORAGE_KEYS } from './storage.ts';

/** Splits a spec list written as 'A, B, C'. */
const specList = (text: string) => text.split(', ');

describe('option lists (spec section 9 and 3)', () => {
  it('has the profile sizes in the spec order', () => {
    expect(PROFILE_SIZES).toEqual(specList('XS, S, M, L, XL, XXL, 2X-6X, 6, 7, 8, 10, 12, 14, 16'));
    expect(PROFILE_SIZES).toHaveLength(14);
    expect(DEFAULT_PROFILE_SIZE).toBe('M');
    expect(ProfileSizeSchema.safeParse('2X-6X').success).toBe(true);
    expect(ProfileSizeSchema.safeParse('9').success).toBe(false);
  });

  it('has the post item sizes: letters, plus sizes one by one, 6-16, even 34-50, bra sizes', () => {
    const bra = ['32', '34', '36', '38', '40', '42'].flatMap((band) =>
      ['A', 'B', 'C', 'D'].map((c) => band + c),
    );
    expect(POST_ITEM_SIZES).toEqual([
      ...specList('XS, S, M, L, XL, XXL, One Size, Curve One Size'),
      ...specList('2X, 3X, 4X, 5X, 6X'),
      ...specList('6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16'),
      ...specList('34, 36, 38, 40, 42, 44, 46, 48, 50'),
      ...bra,
    ]);
    expect(POST_ITEM_SIZES).toHaveLength(8 + 5 + 11 + 9 + 24);
    expect(bra[0]).toBe('32A');
    expect(bra.at(-1)).toBe('42D');
    expect(new Set(POST_ITEM_SIZES).size).toBe(POST_ITEM_SIZES.length);
  });

  it('records the other reading of the even range', () => {
    expect(POST_ITEM_EVEN_SIZES_NOTE).toMatchObject({ usedStart: 34, alternativeStart: 32, end: 50 });
    expect(POST_ITEM_SIZES).toContain(String(POST_ITEM_EVEN_SIZES_NOTE.usedStart));
    expect(POST_ITEM_SIZES).not.toContain(String(POST_ITEM_EVEN_SIZES_NOTE.alternativeStart));
  });

  it('has the colours with None first', () => {
    expect(COLORS).toEqual(
      specList(
        'None, Black, White, Blue, Red, Green, Yellow, Pink, Purple, Brown, Gray, Gold, Silver, Sparkle, Cream, Beige, Haki',
      ),
    );
    expect(COLORS).toHaveLength(17);
    expect(COLORS[0]).toBe(NONE_VALUE);
  });

  it('has the patterns with None first', () => {
    expect(PATTERNS).toEqual(
      specList(
        'None, Solid, Striped, Polka Dots, Floral, Geometric, Animal Print, Plaid, Checkered, Abstract, Paisley, Tie Dye, Ombre, Gradient, Leopard Print, Snake Print',
      ),
    );
    expect(PATTERNS).toHaveLength(16);
    expect(PATTERNS[0]).toBe(NONE_VALUE);
  });

  it('has the product types', () => {
    expect(PRODUCT_TYPES).toEqual(
      specList(
        'Shirt, Pants, Dress, Skirt, Jacket, Shoes, Bag, Accessories, Underwear, Swimwear, Sweater, Knitwear, Bottoms, Skirts, Jackets, Coats, Denim, Co-ords, Jumpsuits, Suits, Blouses, Tops, Sleepwear, Glasses, Hat, Hair Accessories, Nail, Earrings, Bracelet, Necklace, Rings',
      ),
    );
    expect(PRODUCT_TYPES).toHaveLength(31);
  });

  it('has the default brands', () => {
    expect(DEFAULT_BRANDS).toEqual(
      specList('Zara, H&M, Mango, Pull & Bear, American Eagle, Nike, Adidas, Reebok, Polo, Tommy'),
    );
    expect(DEFAULT_BRANDS).toHaveLength(10);
  });

  it('has the 23 styles of section 3 in order', () => {
    expect(STYLES).toEqual(
      specList(
        'Casual, Evening, Streetwear, Formal, Activewear, Cozy, Elegant, Retro, Modern, Bohemian, Minimalist, Maternity, Event, Party, Beach, Vacation, Wedding, Urban, Pattern, Curve, Plus Size, Tall, Petite',
      ),
    );
    expect(STYLES).toHaveLength(23);
  });

  it('has no empty option in any list (a select option may not be empty)', () => {
    for (const list of [
      PROFILE_SIZES,
      POST_ITEM_SIZES,
      COLORS,
      PATTERNS,
      PRODUCT_TYPES,
      DEFAULT_BRANDS,
      STYLES,
    ]) {
      expect(list.every((value: string) => value.length > 0 && value.trim() === value)).toBe(true);
    }
  });
});

describe('currencies', () => {
  it('offers ILS, USD, EUR with ILS as default and their symbols', () => {
    expect(CURRENCIES).toEqual(['ILS', 'USD', 'EUR']);
    expect(DEFAULT_CURRENCY).toBe('ILS');
    expect(CURRENCY_SYMBOLS).toEqual({ ILS: '₪', USD: '$', EUR: '€' });
    expect(CurrencySchema.parse('USD')).toBe('USD');
    expect(CurrencySchema.safeParse('GBP').success).toBe(false);
  });
});

describe('LIMITS', () => {
  it('holds every number of section 9', () => {
    expect(LIMITS).toEqual({
      swipesBeforePrompt: 5,
      swipeDistanceThresholdPx: 100,
      swipeOverlayThresholdPx: 20,
      swipeSlideAnimationMs: 300,
      swipeButtonAdvanceDelayMs: 500,
      onboardingHintMs: 3000,
      toastDurationMs: 1500,
      toastLongDurationMs: 2000,
      localSwipeHistoryMax: 100,
      serverPreferenceLoadLimit: 500,
      captionTruncateChars: 50,
      captionMaxChars: 2200,
      mediaPerPostMin: 1,
      mediaPerPostMax: 5,
      mediaMaxBytes: 209_715_200,
      chunkedUploadThresholdBytes: 52_428_800,
      uploadChunkBytes: 1_048_576,
      styleCategoriesPerPostMax: 3,
      bioPreviewChars: 20,
      otherProfilePostsPreview: 3,
      scrapedImagesShownMax: 4,
      filterPreviewSizes: 8,
      filterPreviewOther: 6,
      exploreBrands: 6,
      exploreCreators: 6,
      exploreProducts: 4,
      exploreAlbums: 4,
      wishlistPosts: 6,
      wishlistProducts: 5,
      wishlistAlbums: 3,
      albumPagePostsMax: 8,
      priceStep: 0.01,
      refreshRetryBackoffStartMs: 200,
      urlSessionWarningAgeSeconds: 120,
    });
  });
});

describe('profile constants', () => {
  it('has the default profile of section 9', () => {
    expect(DEFAULT_PROFILE).toEqual({
      size: 'M',
      chestCircumference: 90,
      waistCircumference: 75,
      hipCircumference: 95,
      measurementsPublic: true,
    });
  });

  it('has the fallbacks', () => {
    expect(PROFILE_FALLBACKS).toEqual({
      displayName: 'Hi Gorgeous',
      bio: 'Fashion stylist',
      userName: 'User',
    });
    expect(GUEST_DISPLAY_NAME).toBe('Hi Gorgeous');
    expect(GUEST_BIO).toBe('Fashion stylist');
  });

  it('has the guest sizes, measurement bases, variation and avatar count', () => {
    expect(GUEST_SIZES).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(GUEST_MEASUREMENT_BASES).toEqual({
      XS: { chest: 80, waist: 65, hip: 85 },
      S: { chest: 85, waist: 70, hip: 90 },
      M: { chest: 90, waist: 75, hip: 95 },
      L: { chest: 95, waist: 80, hip: 100 },
      XL: { chest: 100, waist: 85, hip: 105 },
    });
    expect(GUEST_MEASUREMENT_VARIATION).toEqual({ min: -3, max: 3 });
    expect(GUEST_AVATAR_COUNT).toBe(8);
  });
});

describe('preference weights', () => {
  it('has the section 9 weights', () => {
    expect(PREFERENCE_WEIGHTS).toEqual({
      tag: { like: 1, dislike: -0.5 },
      brand: { like: 1.5, dislike: -0.8 },
      category: { like: 1.2, dislike: -0.6 },
      color: { like: 0.8, dislike: -0.4 },
      productBrand: { like: 1, dislike: -0.5 },
    });
  });
});

describe('local storage keys', () => {
  it('uses the spec key names', () => {
    expect(LOCAL_STORAGE_KEYS).toEqual({
      onboarded: 'onboarded',
      guestProfile: 'guestProfile',
      isGuestUser: 'isGuestUser',
      swipeEvents: 'swipeEvents',
      hasAccount: 'has_account',
      postDraft: 'postDraft',
    });
  });
});
