import { WEB_ROUTES } from '@sys/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BareLayout } from './layout/bare-layout';
import { MainLayout } from './layout/main-layout';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { RouteLoading } from './layout/route-loading';
import type { RouteHandle } from './route-handle';

/** Every screen is its own chunk, loaded when its route is first visited. */
function screen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const handle = (value: RouteHandle) => value;

/**
 * The spec's route table (section 2). Every path comes from WEB_ROUTES in @sys/shared, which the server
 * also reads to answer unknown pages with 404 (router.test.ts checks that none is written here).
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteLoading,
    children: [
      {
        // Outside the main layout: no bottom navigation.
        Component: BareLayout,
        children: [
          { path: WEB_ROUTES.onboarding, lazy: screen(() => import('@/pages/onboarding/onboarding-page')) },
          {
            path: WEB_ROUTES.auth,
            handle: handle({ header: { back: '/', hideAccount: true } }),
            children: [
              { index: true, lazy: screen(() => import('@/pages/auth/auth-page')) },
              {
                path: WEB_ROUTES.authForgot,
                handle: handle({ header: { back: '/auth?tab=sign-in', hideAccount: true } }),
                lazy: screen(() => import('@/pages/auth/forgot-password-page')),
              },
              { path: WEB_ROUTES.authReset, lazy: screen(() => import('@/pages/auth/reset-password-page')) },
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
            lazy: screen(() => import('@/pages/home/home-page')),
          },
          {
            path: WEB_ROUTES.explore,
            handle: handle({ width: 'wide' }),
            children: [
              { index: true, lazy: screen(() => import('@/pages/explore/explore-page')) },
              { path: WEB_ROUTES.exploreBrands, lazy: screen(() => import('@/pages/explore/brands-page')) },
              {
                path: WEB_ROUTES.explorePreferences,
                handle: handle({ width: 'column' }),
                lazy: screen(() => import('@/pages/preferences/preferences-page')),
              },
              // The screen's old address, kept so that old links still land (replaced: Back skips it).
              {
                path: WEB_ROUTES.exploreTaste,
                element: <Navigate to={WEB_ROUTES.explorePreferences} replace />,
              },
              { path: WEB_ROUTES.exploreBrand, lazy: screen(() => import('@/pages/explore/brand-page')) },
              {
                path: WEB_ROUTES.exploreCreators,
                lazy: screen(() => import('@/pages/explore/creators-page')),
              },
              {
                path: WEB_ROUTES.exploreTrending,
                lazy: screen(() => import('@/pages/explore/trending-page')),
              },
              { path: WEB_ROUTES.exploreAlbums, lazy: screen(() => import('@/pages/explore/albums-page')) },
              { path: WEB_ROUTES.exploreAlbum, lazy: screen(() => import('@/pages/explore/album-page')) },
              {
                path: WEB_ROUTES.exploreCategory,
                lazy: screen(() => import('@/pages/explore/category-page')),
              },
            ],
          },
          {
            path: WEB_ROUTES.tag,
            handle: handle({ width: 'wide' }),
            lazy: screen(() => import('@/pages/explore/tag-page')),
          },
          {
            path: WEB_ROUTES.wishlist,
            handle: handle({ width: 'wide' }),
            children: [
              { index: true, lazy: screen(() => import('@/pages/wishlist/wishlist-page')) },
              {
                path: WEB_ROUTES.wishlistPosts,
                lazy: screen(() => import('@/pages/wishlist/saved-posts-page')),
              },
              {
                path: WEB_ROUTES.wishlistProducts,
                lazy: screen(() => import('@/pages/wishlist/saved-products-page')),
              },
              {
                path: WEB_ROUTES.wishlistAlbums,
                lazy: screen(() => import('@/pages/wishlist/saved-albums-page')),
              },
            ],
          },
          {
            path: WEB_ROUTES.albumPosts,
            handle: handle({ width: 'wide' }),
            lazy: screen(() => import('@/pages/album-posts/album-posts-page')),
          },
          { path: WEB_ROUTES.messages, lazy: screen(() => import('@/pages/messages/messages-page')) },
          {
            path: WEB_ROUTES.ownProfile,
            handle: handle({ width: 'wide' }),
            children: [
              {
                index: true,
                handle: handle({ header: { messages: 'signInRequired' } }),
                lazy: screen(() => import('@/pages/profile/own-profile-page')),
              },
              { path: WEB_ROUTES.profile, lazy: screen(() => import('@/pages/profile/user-profile-page')) },
              {
                path: WEB_ROUTES.profilePosts,
                lazy: screen(() => import('@/pages/profile/user-posts-page')),
              },
            ],
          },
          { path: WEB_ROUTES.createPost, lazy: screen(() => import('@/pages/create-post/create-post-page')) },
          { path: WEB_ROUTES.editPost, lazy: screen(() => import('@/pages/edit-post/edit-post-page')) },
          {
            path: WEB_ROUTES.post,
            handle: handle({ width: 'wide' }),
            lazy: screen(() => import('@/pages/post-detail/post-detail-page')),
          },
          {
            path: WEB_ROUTES.activity,
            handle: handle({ header: { search: true, messages: true } }),
            lazy: screen(() => import('@/pages/activity/activity-page')),
          },
          { path: WEB_ROUTES.settingsSecurity, lazy: screen(() => import('@/pages/security/security-page')) },
          {
            path: WEB_ROUTES.settingsBlocked,
            lazy: screen(() => import('@/pages/blocked-people/blocked-people-page')),
          },
          {
            path: WEB_ROUTES.settingsActivity,
            lazy: screen(() => import('@/pages/activity-settings/activity-settings-page')),
          },
          {
            path: WEB_ROUTES.settingsModeration,
            lazy: screen(() => import('@/pages/moderation/moderation-page')),
          },
          { path: '*', lazy: screen(() => import('@/pages/not-found/not-found-page')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
