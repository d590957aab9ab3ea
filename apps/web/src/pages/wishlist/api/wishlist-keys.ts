type ViewerId = string | null;

/** Every query key of the wishlist; `all` is what a save anywhere invalidates. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  summary: (q: string, viewer: ViewerId) => [...wishlistKeys.all, 'summary', q, viewer] as const,
  posts: (q: string, viewer: ViewerId) => [...wishlistKeys.all, 'posts', q, viewer] as const,
  products: (q: string, viewer: ViewerId) => [...wishlistKeys.all, 'products', q, viewer] as const,
};
