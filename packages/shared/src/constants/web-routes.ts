/**
 * The web app's pages, one pattern each (`:name` is a path segment). The web router
 * (apps/web/src/app/router.tsx) takes its paths from here and the server answers any other page path
 * with 404, so the two never disagree about which addresses exist.
 */
export const WEB_ROUTES = {
  onboarding: '/onboarding',
  auth: '/auth',
  authForgot: '/auth/forgot',
  authReset: '/auth/reset',
  home: '/',
  explore: '/explore',
  exploreBrands: '/explore/brands',
  exploreBrand: '/explore/brands/:brandId',
  explorePreferences: '/explore/preferences',
  /** The preferences screen's old address: redirects there. */
  exploreTaste: '/explore/taste',
  exploreCreators: '/explore/creators',
  exploreTrending: '/explore/trending',
  exploreAlbums: '/explore/albums',
  exploreAlbum: '/explore/albums/:albumId',
  exploreCategory: '/explore/category/:category',
  /** A hashtag's posts (the card's tag chips lead here). */
  tag: '/tag/:tag',
  wishlist: '/wishlist',
  wishlistPosts: '/wishlist/posts',
  wishlistProducts: '/wishlist/products',
  wishlistAlbums: '/wishlist/albums',
  albumPosts: '/album/:albumId/posts',
  messages: '/messages',
  activity: '/activity',
  ownProfile: '/profile',
  profile: '/profile/:username',
  /** All of another person's posts (their profile shows the first three). */
  profilePosts: '/profile/:username/posts',
  createPost: '/create-post',
  editPost: '/edit-post/:postId',
  post: '/post/:postId',
  settingsSecurity: '/settings/security',
  settingsBlocked: '/settings/blocked',
  /** Which kinds of activity one hears of, and the people one muted. */
  settingsActivity: '/settings/activity',
  settingsModeration: '/settings/moderation',
} as const;

export type WebRoutePattern = (typeof WEB_ROUTES)[keyof typeof WEB_ROUTES];

export interface WebRouteMatch {
  pattern: WebRoutePattern;
  /** The `:name` segments, percent-decoded. */
  params: Record<string, string>;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The page a path shows, as the web router matches it: literal segments ignore case, a `:name` takes
 * one non-empty segment, and a trailing slash does not matter. `null` for a path of no page (the web
 * app's 'Oops! Page not found').
 */
export function matchWebRoute(pathname: string): WebRouteMatch | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  for (const pattern of Object.values(WEB_ROUTES)) {
    const parts = pattern.split('/').filter((part) => part !== '');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      const segment = segments[index] as string;
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      const value = decodeSegment(segment);
      if (value === null) return false;
      params[part.slice(1)] = value;
      return true;
    });
    if (matches) return { pattern, params };
  }
  return null;
}
