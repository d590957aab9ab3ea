import { describe, expect, it } from 'vitest';
import {
  outfitColors,
  postAuthorName,
  scorableOutfit,
  summarizeTaste,
  swipedOutfitFromPost,
} from './outfits.ts';
import { buildPreferenceCounters, createSwipeEvent, type SwipeEvent, scoreOutfit } from './preferences.ts';

const post = {
  id: 'p1',
  caption: 'Office day #Formal #elegant #formal',
  author: { username: '  ', displayName: 'Dana Levi' },
  items: [
    { color: 'Gray' },
    { color: 'gray' },
    { color: 'None' },
    { color: null },
    { color: ' ' },
    { color: 'Navy' },
  ],
};

describe('outfits from posts', () => {
  it('names the author by username, else display name, else null', () => {
    expect(postAuthorName({ username: 'dana', displayName: 'Dana' })).toBe('dana');
    expect(postAuthorName({ username: ' ', displayName: ' Dana ' })).toBe('Dana');
    expect(postAuthorName({ username: null, displayName: null })).toBeNull();
  });

  it("takes the items' colours once each, without blanks and 'None'", () => {
    expect(outfitColors(post.items)).toEqual(['Gray', 'Navy']);
  });

  it('records the hashtags, the author as brand, the first tag as category and the colours', () => {
    const outfit = swipedOutfitFromPost(post);
    expect(outfit).toEqual({
      id: 'p1',
      tags: ['Formal', 'elegant'],
      authorName: 'Dana Levi',
      colors: ['Gray', 'Navy'],
    });
    expect(scorableOutfit(outfit)).toEqual({
      tags: ['Formal', 'elegant'],
      brand: 'Dana Levi',
      category: 'Formal',
      colors: ['Gray', 'Navy'],
    });
    const event = createSwipeEvent(outfit, 'like', Date.parse('2024-05-01T10:00:00Z'));
    // An outfit scores on every dimension its own swipe taught.
    expect(scoreOutfit(scorableOutfit(outfit), buildPreferenceCounters([event]))).toBe(
      1 + 1 + 1.5 + 1.2 + 0.8 + 0.8,
    );
  });
});

describe('summarizeTaste', () => {
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
    const taste = summarizeTaste([]);
    expect(taste).toMatchObject({ eventCount: 0, likeCount: 0, dislikeCount: 0 });
    expect(taste.liked).toEqual({ tags: [], brands: [], categories: [], colors: [] });
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
    const taste = summarizeTaste(events);
    expect(taste).toMatchObject({ eventCount: 3, likeCount: 2, dislikeCount: 1 });
    expect(taste.liked.tags).toEqual([
      { key: 'plussize', label: 'PlusSize', count: 2 },
      { key: 'casual', label: 'Casual', count: 1 },
    ]);
    expect(taste.liked.brands).toEqual([{ key: 'dana', label: 'Dana', count: 2 }]);
    expect(taste.liked.colors).toEqual([{ key: 'black', label: 'Black', count: 2 }]);
    expect(taste.disliked.brands).toEqual([{ key: 'noa', label: 'Noa', count: 1 }]);
    const counters = buildPreferenceCounters(events);
    expect(Object.fromEntries(taste.liked.tags.map((entry) => [entry.key, entry.count]))).toEqual({
      ...counters.liked.tags,
    });
  });

  it('keeps the top entries, ties by key', () => {
    const events = ['d', 'c', 'b', 'a', 'e', 'f'].map((tag) => event({ tags: [tag] }));
    expect(summarizeTaste(events, 3).liked.tags.map((entry) => entry.key)).toEqual(['a', 'b', 'c']);
  });
});
