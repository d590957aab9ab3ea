import { NONE_VALUE } from '../constants/lists.ts';
import { extractHashtags } from './captions.ts';
import type { ScorableOutfit, SwipedOutfit } from './preference-scoring.ts';
import { foldCase, uniqueIgnoreCase } from './text.ts';

/*
 * A post seen as an outfit to swipe and score. The web app (visitors and guests, ranking locally) and the
 * server (signed-in users) build outfits with these functions, so a post scores the same on both sides.
 * No zod here: the web's first screens import these (see preference-scoring.ts).
 */

/** The author's card name (section 3, Feed card): the username, else the display name; null for 'User'. */
export function postAuthorName(author: {
  username?: string | null;
  display_name?: string | null;
}): string | null {
  return author.username?.trim() || author.display_name?.trim() || null;
}

/** The colours of a post's items, each once (ignoring case), without blanks and 'None'. */
export function outfitColors(items: readonly { color?: string | null }[]): string[] {
  const none = foldCase(NONE_VALUE);
  return uniqueIgnoreCase(items.map((item) => item.color ?? '').filter((color) => foldCase(color) !== none));
}

/** The brands of a post's items, each once (ignoring case), without blanks. */
export function outfitProductBrands(items: readonly { brand?: string | null }[]): string[] {
  return uniqueIgnoreCase(items.map((item) => item.brand?.trim() ?? '').filter((brand) => brand !== ''));
}

/** The post fields an outfit is made of (a subset of the API's Post). */
export interface OutfitSource {
  id: string;
  caption: string | null;
  author: { username?: string | null; display_name?: string | null };
  items: readonly { color?: string | null; brand?: string | null }[];
}

/**
 * What a swipe of this post records: its hashtags as tags, its author as brand, its items' colours and
 * brands.
 */
export function swipedOutfitFromPost(post: OutfitSource): SwipedOutfit {
  return {
    id: post.id,
    tags: extractHashtags(post.caption),
    authorName: postAuthorName(post.author),
    colors: outfitColors(post.items),
    productBrands: outfitProductBrands(post.items),
  };
}

/** The fields scoring reads, named as a swipe event names them (brand = author, category = first tag). */
export function scorableOutfit(outfit: SwipedOutfit): ScorableOutfit {
  return {
    tags: outfit.tags,
    brand: outfit.authorName?.trim() || null,
    category: outfit.tags[0] ?? null,
    colors: outfit.colors ?? [],
    productBrands: outfit.productBrands ?? [],
  };
}
