import {
  type Author,
  extractHashtags,
  foldCase,
  NONE_VALUE,
  type PostItem,
  uniqueIgnoreCase,
} from '@sys/shared';

/** The card's name for an author (section 3, Feed card): username, else display name, else null ('User'). */
export function authorName(author: Pick<Author, 'username' | 'display_name'>): string | null {
  return author.username?.trim() || author.display_name?.trim() || null;
}

export type ChipKind = 'brand' | 'size' | 'color' | 'pattern' | 'tag';

export interface PostChip {
  kind: ChipKind;
  value: string;
}

/** A value worth showing (a chip, a fact of an item): not blank and not 'None'. */
export function meaningful(value: string | null | undefined): value is string {
  if (!value) return false;
  const folded = foldCase(value);
  return folded !== '' && folded !== foldCase(NONE_VALUE);
}

/**
 * The chips under a card: each brand, size, colour and pattern of its items once (ignoring case, blanks and
 * 'None'), then its hashtags as tags.
 */
export function postChips(post: { caption: string; items: readonly PostItem[] }): PostChip[] {
  const chips: PostChip[] = [];
  const add = (kind: ChipKind, values: Array<string | null>) => {
    for (const value of uniqueIgnoreCase(values.filter(meaningful))) chips.push({ kind, value });
  };
  add(
    'brand',
    post.items.map((item) => item.brand),
  );
  add(
    'size',
    post.items.map((item) => item.size),
  );
  add(
    'color',
    post.items.map((item) => item.color),
  );
  add(
    'pattern',
    post.items.map((item) => item.pattern),
  );
  add('tag', extractHashtags(post.caption));
  return chips;
}

/** Swatch colours of the colour list; a custom colour is tried as a CSS colour name. */
const SWATCHES: Record<string, string> = {
  black: '#161616',
  white: '#ffffff',
  blue: '#2f5fb3',
  red: '#c62f2f',
  green: '#3b8a4a',
  yellow: '#f2c94c',
  pink: '#f3a6c0',
  purple: '#7e57c2',
  brown: '#7b5234',
  gray: '#9e9e9e',
  gold: '#d4af37',
  silver: '#c0c0c0',
  sparkle: '#e6dcf5',
  cream: '#fff8dc',
  beige: '#e8dcc4',
  haki: '#b5a36a',
};

export function colorSwatch(color: string): string | undefined {
  const key = foldCase(color);
  if (SWATCHES[key]) return SWATCHES[key];
  if (typeof CSS !== 'undefined' && CSS.supports?.('color', key)) return key;
  return undefined;
}
