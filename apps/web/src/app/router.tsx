import { WEB_ROUTES } from '@sys/shared';
import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteMatch, type RouteObject } from 'react-router';
import { lazyWithPreload, type PreloadableComponent } from '@/shared/lib/lazy';
import { BareLayout } from './layout/bare-layout';
import { MainLayout } from './layout/main-layout';
import { RootLayout } from './layout/root-layout';
import type { RouteHandle } from './route-handle';

/**
 * Every screen is its own chunk, loaded when its route is first rendered (React.lazy: AppRoutes' Suspense
 * shows the loading screen on the first visit; a navigation keeps the previous screen meanwhile).
 */
function screen(load: () => Promise<{ default: ComponentType }>): PreloadableComponent<ComponentType> {
  return lazyWithPreload(load);
}

const handle = (value: RouteHandle) => value;

/**
 * The spec's route table (section 2). Every path comes from WEB_ROUTES in @sys/shared, which the server
 * also reads to answer unknown pages with 404 (router.test.ts checks that none is written here).
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      {
        // Outside the main layout: no bottom navigation.
        Component: BareLayout,
        children: [
          {
            path: WEB_ROUTES.onboarding,
            Component: screen(() => import('@/pages/onboarding/onboarding-page')),
          },
          {
            path: WEB_ROUTES.auth,
            handle: handle({ header: { back: '/', hideAccount: true } }),
            children: [
              { index: true, Component: screen(() => import('@/pages/auth/auth-page')) },
              {
                path: WEB_ROUTES.authForgot,
                handle: handle({ header: { back: '/auth?tab=sign-in', hideAccount: true } }),
                Component: screen(() => import('@/pages/auth/forgot-password-page')),
              },
              {
                path: WEB_ROUTES.authReset,
                Component: screen(() => import('@/pages/auth/reset-password-page')),
              },
            ],
          },
        ],
      },
      {
        Component: MainLayout,
        children: [
          {
            index: true,
            handle: handle({ header: { search: true, messages: true }, width: 'wide' }),
            Component: screen(() => import('@/pages/home/home-page')),
          },
          {
            path: WEB_ROUTES.explore,
            handle: handle({ width: 'wide' }),
            children: [
              { index: true, Component: screen(() => import('@/pages/explore/explore-page')) },
              {
                path: WEB_ROUTES.exploreBrands,
                Component: screen(() => import('@/pages/explore/brands-page')),
              },
              {
                path: WEB_ROUTES.explorePreferences,
                handle: handle({ width: 'column' }),
                Component: screen(() => import('@/pages/preferences/preferences-page')),
              },
              // The screen's old address, kept so that old links still land (replaced: Back skips it).
              {
                path: WEB_ROUTES.exploreTaste,
                element: <Navigate to={WEB_ROUTES.explorePreferences} replace />,
              },
              {
                path: WEB_ROUTES.exploreBrand,
                Component: screen(() => import('@/pages/explore/brand-page')),
              },
              {
                path: WEB_ROUTES.exploreCreators,
                Component: screen(() => import('@/pages/explore/creators-page')),
              },
              {
                path: WEB_ROUTES.exploreTrending,
                Component: screen(() => import('@/pages/explore/trending-page')),
              },
              {
                path: WEB_ROUTES.exploreAlbums,
                Component: screen(() => import('@/pages/explore/albums-page')),
              },
              {
                path: WEB_ROUTES.exploreAlbum,
                Component: screen(() => import('@/pages/explore/album-page')),
              },
              {
                path: WEB_ROUTES.exploreCategory,
                Component: screen(() => import('@/pages/explore/category-page')),
              },
            ],
          },
          {
            path: WEB_ROUTES.tag,
            handle: handle({ width: 'wide' }),
            Component: screen(() => import('@/pages/explore/tag-page')),
          },
          {
            path: WEB_ROUTES.wishlist,
            handle: handle({ width: 'wide' }),
            children: [
              { index: true, Component: screen(() => import('@/pages/wishlist/wishlist-page')) },
              {
                path: WEB_ROUTES.wishlistPosts,
                Component: screen(() => import('@/pages/wishlist/saved-posts-page')),
              },
              {
                path: WEB_ROUTES.wishlistProducts,
                Component: screen(() => import('@/pages/wishlist/saved-products-page')),
              },
              {
                path: WEB_ROUTES.wishlistAlbums,
                Component: screen(() => import('@/pages/wishlist/saved-albums-page')),
              },
            ],
          },
          {
            path: WEB_ROUTES.albumPosts,
            handle: handle({ width: 'wide' }),
            Component: screen(() => import('@/pages/album-posts/album-posts-page')),
          },
          { path: WEB_ROUTES.messages, Component: screen(() => import('@/pages/messages/messages-page')) },
          {
            path: WEB_ROUTES.ownProfile,
            handle: handle({ width: 'wide' }),
            children: [
              {
                index: true,
                handle: handle({ header: { messages: 'signInRequired' } }),
                Component: screen(() => import('@/pages/profile/own-profile-page')),
              },
              {
                path: WEB_ROUTES.profile,
                Component: screen(() => import('@/pages/profile/user-profile-page')),
              },
              {
                path: WEB_ROUTES.profilePosts,
                Component: screen(() => import('@/pages/profile/user-posts-page')),
              },
            ],
          },
          {
            path: WEB_ROUTES.createPost,
            Component: screen(() => import('@/pages/create-post/create-post-page')),
          },
          { path: WEB_ROUTES.editPost, Component: screen(() => import('@/pages/edit-post/edit-post-page')) },
          {
            path: WEB_ROUTES.post,
            handle: handle({ width: 'wide' }),
            Component: screen(() => import('@/pages/post-detail/post-detail-page')),
          },
          {
            path: WEB_ROUTES.activity,
            handle: handle({ header: { search: true, messages: true } }),
            Component: screen(() => import('@/pages/activity/activity-page')),
          },
          {
            path: WEB_ROUTES.settingsSecurity,
            Component: screen(() => import('@/pages/security/security-page')),
          },
          {
            path: WEB_ROUTES.settingsBlocked,
            Component: screen(() => import('@/pages/blocked-people/blocked-people-page')),
          },
          {
            path: WEB_ROUTES.settingsActivity,
            Component: screen(() => import('@/pages/activity-settings/activity-settings-page')),
          },
          {
            path: WEB_ROUTES.settingsModeration,
            Component: screen(() => import('@/pages/moderation/moderation-page')),
          },
          { path: '*', Component: screen(() => import('@/pages/not-found/not-found-page')) },
        ],
      },
    ],
  },
];

const matched = new Map<string, RouteMatch[]>();

/**
 * The routes that `pathname` matches, root first. react-router flattens and ranks the whole table on every
 * call (about 10 ms on a phone, several times on the first screen), so each pathname is matched once and
 * kept (the last 50).
 */
export function matchScreens(pathname: string): readonly RouteMatch[] {
  let matches = matched.get(pathname);
  if (!matches) {
    matches = matchRoutes(routes, pathname) ?? [];
    if (matched.size >= 50) matched.delete(matched.keys().next().value as string);
    matched.set(pathname, matches);
  }
  return matches;
}

/**
 * Starts loading the code of the screens that `pathname` shows, before React renders them (at start-up,
 * so that the download runs beside React's first render instead of after it).
 */
export function preloadScreens(pathname: string): void {
  for (const { route } of matchScreens(pathname)) {
    const preload = (route.Component as Partial<PreloadableComponent<ComponentType>> | undefined)?.preload;
    void preload?.().catch(() => undefined);
  }
}
