import type { PostItem } from '@sys/shared';
import { describe, expect, it } from 'vitest';
import { authorName, postChips } from './post-display';

function item(fields: Partial<PostItem>): PostItem {
  // Cast: the wishlist adds fields to PostItem that these rules do not read.
  return {
    id: crypto.randomUUID(),
    item_type: null,
    brand: null,
    link: 'https://shop.example/x',
    size: null,
    title: null,
    image_url: null,
    price: null,
    currency: 'ILS',
    color: null,
    pattern: null,
    ...fields,
  } as PostItem;
}

describe('postChips', () => {
  it('lists each brand, size, colour and pattern once (ignoring case), then the tags', () => {
    const chips = postChips({
      caption: 'Weekend #Casual #casual #Beach',
      items: [
        item({ brand: 'Zara', size: 'M', color: 'Black', pattern: 'Striped' }),
        item({ brand: 'zara', size: 'M', color: 'black', pattern: 'Solid' }),
        item({ brand: 'Mango', size: '38', color: 'White' }),
      ],
    });
    expect(chips).toEqual([
      { kind: 'brand', value: 'Zara' },
      { kind: 'brand', value: 'Mango' },
      { kind: 'size', value: 'M' },
      { kind: 'size', value: '38' },
      { kind: 'color', value: 'Black' },
      { kind: 'color', value: 'White' },
      { kind: 'pattern', value: 'Striped' },
      { kind: 'pattern', value: 'Solid' },
      { kind: 'tag', value: 'Casual' },
      { kind: 'tag', value: 'Beach' },
    ]);
  });

  it("never makes a chip of an empty value or 'None'", () => {
    const chips = postChips({
      caption: 'No tags here',
      items: [item({ brand: '  ', color: 'None', pattern: 'none', size: '' }), item({})],
    });
    expect(chips).toEqual([]);
  });
});

describe('authorName', () => {
  it('falls back from username to display name; null means the caller says "User"', () => {
    expect(authorName({ username: 'maya', display_name: 'Maya K' })).toBe('maya');
    expect(authorName({ username: null, display_name: 'Maya K' })).toBe('Maya K');
    expect(authorName({ username: ' ', display_name: null })).toBeNull();
  });
});
