/** Query keys of swipes: the deck and the preferences learned, per viewer (null: visitor or guest). */
export const swipeKeys = {
  all: ['swipes'] as const,
  deck: (viewer: string | null) => [...swipeKeys.all, 'deck', viewer] as const,
  preferences: (viewer: string | null) => [...swipeKeys.all, 'preferences', viewer] as const,
};
