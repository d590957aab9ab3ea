/** Query keys of explore's reads, per viewer (creators answer whether the viewer follows them). */
export const exploreKeys = {
  all: ['explore'] as const,
  hub: (viewer: string | null) => [...exploreKeys.all, 'hub', viewer] as const,
  search: (q: string, exact: boolean, viewer: string | null) =>
    [...exploreKeys.all, 'search', q, exact, viewer] as const,
  suggestions: (q: string, viewer: string | null) => [...exploreKeys.all, 'suggestions', q, viewer] as const,
  brands: () => [...exploreKeys.all, 'brands'] as const,
  brand: (brandId: string, viewer: string | null) => [...exploreKeys.all, 'brand', brandId, viewer] as const,
  creators: (viewer: string | null) => [...exploreKeys.all, 'creators', viewer] as const,
  trending: () => [...exploreKeys.all, 'trending'] as const,
  category: (category: string, viewer: string | null) =>
    [...exploreKeys.all, 'category', category, viewer] as const,
  tag: (tag: string, viewer: string | null) =>
    [...exploreKeys.all, 'tag', tag.toLowerCase(), viewer] as const,
};
