import { extractHashtags, foldCase, NONE_VALUE, type Post } from '@sys/shared';

export type SwipeChip = { kind: 'tag' | 'size' | 'color' | 'pattern'; value: string };

const meaningful = (value: string | null | undefined): value is string =>
  !!value && value.trim() !== '' && foldCase(value) !== foldCase(NONE_VALUE);

/**
 * The chips under a swipe card (spec section 2): the caption's hashtags (our posts' style tags are hashtags
 * too), 'Size X' per item, then colours and patterns ignoring 'None'; each value once, ignoring case.
 */
export function swipeChips(post: Pick<Post, 'caption' | 'items'>): SwipeChip[] {
  const chips: SwipeChip[] = [];
  const seen = new Set<string>();
  const add = (kind: SwipeChip['kind'], value: string | null | undefined) => {
    if (!meaningful(value)) return;
    const key = `${kind}:${foldCase(value)}`;
    if (seen.has(key)) return;
    seen.add(key);
    chips.push({ kind, value: value.trim() });
  };
  for (const tag of extractHashtags(post.caption)) add('tag', tag);
  for (const item of post.items) add('size', item.size);
  for (const item of post.items) add('color', item.color);
  for (const item of post.items) add('pattern', item.pattern);
  return chips;
}
