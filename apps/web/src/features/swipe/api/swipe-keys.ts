/** Query keys of swipes: the deck to swipe and the taste learned, per viewer (null: visitor or guest). */
export const swipeKeys = {
  all: ['swipes'] as const,
  deck: (viewer: string | null) => [...swipeKeys.all, 'deck', viewer] as const,
  taste: (viewer: string | null) => [...swipeKeys.all, 'taste', viewer] as const,
};
