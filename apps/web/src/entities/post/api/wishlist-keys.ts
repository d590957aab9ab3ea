type ViewerId = string | null;

/**
 * Every query key of the wishlist (saved posts, products and albums): the wishlist page reads them, and a
 * save of a post, product or album anywhere invalidates `all`. An entity so that every writer can reach it.
 */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  summary: (q: string, viewer: ViewerId) => [...wishlistKeys.all, 'summary', q, viewer] as const,
  posts: (q: string, viewer: ViewerId) => [...wishlistKeys.all, 'posts', q, viewer] as const,
  products: (q: string, viewer: ViewerId) => [...wishlistKeys.all, 'products', q, viewer] as const,
};
