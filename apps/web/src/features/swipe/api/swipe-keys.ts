/** Query keys of swipes: the deck to swipe and the 'For you' order, per viewer (null: visitor or guest). */
export const swipeKeys = {
  all: ['swipes'] as const,
  deck: (viewer: string | null) => [...swipeKeys.all, 'deck', viewer] as const,
};
