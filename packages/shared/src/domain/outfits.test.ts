import { describe, expect, it } from 'vitest';
import {
  outfitColors,
  postAuthorName,
  scorableOutfit,
  summarizePreferences,
  swipedOutfitFromPost,
} from './outfits.ts';
import { buildPreferenceCounters, createSwipeEvent, type SwipeEvent, scoreOutfit } from './preferences.ts';

const post = {
  id: 'p1',
  caption: 'Office day #Formal #elegant #formal',
  author: { username: '  ', display_name: 'Dana Levi' },
  items: [
    { color: 'Gray', brand: 'Zara' },
    { color: 'gray', brand: 'ZARA' },
    { color: 'None', brand: ' ' },
    { color: null, brand: null },
    { color: ' ', brand: 'Mango' },
    { color: 'Navy' },
  ],
};

describe('outfits from posts', () => {
  it('names the author by username, else display name, else null', () => {
    expect(postAuthorName({ username: 'dana', display_name: 'Dana' })).toBe('dana');
    expect(postAuthorName({ username: ' ', display_name: ' Dana ' })).toBe('Dana');
    expect(postAuthorName({ username: null, display_name: null })).toBeNull();
  });

  it("takes the items' colours once each, without blanks and 'None'", () => {
    expect(outfitColors(post.items)).toEqual(['Gray', 'Navy']);
  });

  it('records the hashtags, the author as brand, the first tag as category, the colours and brands', () => {
    const outfit = swipedOutfitFromPost(post);
    expect(outfit).toEqual({
      id: 'p1',
      tags: ['Formal', 'elegant'],
      authorName: 'Dana Levi',
      colors: ['Gray', 'Navy'],
      productBrands: ['Zara', 'Mango'],
    });
    expect(scorableOutfit(outfit)).toEqual({
      tags: ['Formal', 'elegant'],
      brand: 'Dana Levi',
      category: 'Formal',
      colors: ['Gray', 'Navy'],
      productBrands: ['Zara', 'Mango'],
    });
    const event = createSwipeEvent(outfit, 'like', Date.parse('2024-05-01T10:00:00Z'));
    // An outfit scores on every dimension its own swipe taught (the two product brands +1 each).
    expect(scoreOutfit(scorableOutfit(outfit), buildPreferenceCounters([event]))).toBe(
      1 + 1 + 1.5 + 1.2 + 0.8 + 0.8 + 1 + 1,
    );
  });
});

describe('summarizePreferences', () => {
  const at = (minute: number) => new Date(Date.UTC(2024, 4, 1, 10, minute)).toISOString();
  const event = (partial: Partial<SwipeEvent>): SwipeEvent => ({
    outfit_id: 'x',
    action: 'like',
    tags: [],
    brand: null,
    category: null,
    colors: [],
    created_at: at(0),
    ...partial,
  });

  it('is empty without swipes', () => {
    const summary = summarizePreferences([]);
    expect(summary).toMatchObject({ event_count: 0, like_count: 0, dislike_count: 0 });
    expect(summary.liked).toEqual({ tags: [], brands: [], product_brands: [], categories: [], colors: [] });
  });

  it('counts like the preference counters and labels with the newest spelling', () => {
    const events = [
      event({
        tags: ['plus_size', 'Casual', 'casual'],
        brand: 'dana',
        category: 'plus_size',
        colors: ['black'],
      }),
      event({
        tags: ['PlusSize'],
        brand: 'Dana',
        category: 'PlusSize',
        colors: ['Black', 'BLACK'],
        created_at: at(1),
      }),
      event({ action: 'dislike', tags: ['Formal'], brand: 'Noa', colors: ['Gray'], created_at: at(2) }),
    ];
    const summary = summarizePreferences(events);
    expect(summary).toMatchObject({ event_count: 3, like_count: 2, dislike_count: 1 });
    expect(summary.liked.tags).toEqual([
      { key: 'plussize', label: 'PlusSize', count: 2 },
      { key: 'casual', label: 'Casual', count: 1 },
    ]);
    expect(summary.liked.brands).toEqual([{ key: 'dana', label: 'Dana', count: 2 }]);
    expect(summary.liked.colors).toEqual([{ key: 'black', label: 'Black', count: 2 }]);
    expect(summary.disliked.brands).toEqual([{ key: 'noa', label: 'Noa', count: 1 }]);
    const counters = buildPreferenceCounters(events);
    expect(Object.fromEntries(summary.liked.tags.map((entry) => [entry.key, entry.count]))).toEqual({
      ...counters.liked.tags,
    });
  });

  it('puts each value on one side only: liked when its weighed score is positive, passed on when negative', () => {
    const events = [
      // Casual: liked once, passed on twice: 1 - 2 x 0.5 = 0, on neither side.
      event({ tags: ['Casual', 'Boho'], brand: 'noa', colors: ['Red'] }),
      event({
        action: 'dislike',
        tags: ['Casual', 'Boho'],
        brand: 'noa',
        colors: ['Red'],
        created_at: at(1),
      }),
      event({ action: 'dislike', tags: ['Casual'], colors: ['Red'], created_at: at(2) }),
      // Boho: liked once, passed on once: 1 - 0.5 > 0, liked. Brand noa: 1.5 - 0.8 > 0, liked.
      // Red: liked once, passed on twice: 0.8 - 0.8 = 0, on neither side.
      event({ action: 'dislike', tags: ['Formal'], brand: 'dan', colors: ['Gray'], created_at: at(3) }),
    ];
    const summary = summarizePreferences(events);
    expect(summary.liked.tags.map((entry) => entry.key)).toEqual(['boho']);
    expect(summary.disliked.tags.map((entry) => entry.key)).toEqual(['formal']);
    expect(summary.liked.brands).toEqual([{ key: 'noa', label: 'noa', count: 1 }]);
    expect(summary.disliked.brands).toEqual([{ key: 'dan', label: 'dan', count: 1 }]);
    expect(summary.liked.colors).toEqual([]);
    expect(summary.disliked.colors.map((entry) => entry.key)).toEqual(['gray']);
    for (const dimension of ['tags', 'brands', 'categories', 'colors'] as const) {
      const liked = new Set(summary.liked[dimension].map((entry) => entry.key));
      expect(
        summary.disliked[dimension].filter((entry) => liked.has(entry.key)),
        dimension,
      ).toEqual([]);
    }
  });

  it('orders each side by the weighed score, strongest first', () => {
    const events = [
      event({ tags: ['a'] }),
      event({ tags: ['b'], created_at: at(1) }),
      event({ tags: ['b'], created_at: at(2) }),
      event({ action: 'dislike', tags: ['b'], created_at: at(3) }),
      event({ tags: ['c'], created_at: at(4) }),
      event({ tags: ['c'], created_at: at(5) }),
    ];
    // c: 2, b: 2 - 0.5 = 1.5, a: 1.
    expect(summarizePreferences(events).liked.tags.map((entry) => entry.key)).toEqual(['c', 'b', 'a']);
  });

  it('keeps the top entries, ties by key', () => {
    const events = ['d', 'c', 'b', 'a', 'e', 'f'].map((tag) => event({ tags: [tag] }));
    expect(summarizePreferences(events, 3).liked.tags.map((entry) => entry.key)).toEqual(['a', 'b', 'c']);
  });
});
