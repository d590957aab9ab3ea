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

/** The spec's route table (section 2). */
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
          { path: 'onboarding', lazy: screen(() => import('@/pages/onboarding/onboarding-page')) },
          {
            path: 'auth',
            handle: handle({ header: { back: '/', hideAccount: true } }),
            children: [
              { index: true, lazy: screen(() => import('@/pages/auth/auth-page')) },
              {
                path: 'forgot',
                handle: handle({ header: { back: '/auth?tab=sign-in', hideAccount: true } }),
                lazy: screen(() => import('@/pages/auth/forgot-password-page')),
              },
              { path: 'reset', lazy: screen(() => import('@/pages/auth/reset-password-page')) },
            ],
          },
        ],
      },
      {
        Component: MainLayout,
        children: [
          {
            index: true,
            handle: handle({ header: { search: true, messages: true } }),
            lazy: screen(() => import('@/pages/home/home-page')),
          },
          {
            path: 'explore',
            children: [
              { index: true, lazy: screen(() => import('@/pages/explore/explore-page')) },
              { path: 'brands', lazy: screen(() => import('@/pages/explore/brands-page')) },
              {
                path: 'preferences',
                lazy: screen(() => import('@/pages/preferences/preferences-page')),
              },
              // The screen's old address, kept so that old links still land (replaced: Back skips it).
              { path: 'taste', element: <Navigate to="/explore/preferences" replace /> },
              { path: 'brands/:brandId', lazy: screen(() => import('@/pages/explore/brand-page')) },
              { path: 'creators', lazy: screen(() => import('@/pages/explore/creators-page')) },
              { path: 'trending', lazy: screen(() => import('@/pages/explore/trending-page')) },
              { path: 'albums', lazy: screen(() => import('@/pages/explore/albums-page')) },
              { path: 'albums/:albumId', lazy: screen(() => import('@/pages/explore/album-page')) },
              {
                path: 'category/:category',
                lazy: screen(() => import('@/pages/explore/category-page')),
              },
            ],
          },
          {
            path: 'wishlist',
            children: [
              { index: true, lazy: screen(() => import('@/pages/wishlist/wishlist-page')) },
              { path: 'posts', lazy: screen(() => import('@/pages/wishlist/saved-posts-page')) },
              { path: 'products', lazy: screen(() => import('@/pages/wishlist/saved-products-page')) },
              { path: 'albums', lazy: screen(() => import('@/pages/wishlist/saved-albums-page')) },
            ],
          },
          {
            path: 'album/:albumId/posts',
            lazy: screen(() => import('@/pages/album-posts/album-posts-page')),
          },
          { path: 'messages', lazy: screen(() => import('@/pages/messages/messages-page')) },
          {
            path: 'profile',
            children: [
              {
                index: true,
                handle: handle({ header: { messages: 'signInRequired' } }),
                lazy: screen(() => import('@/pages/profile/own-profile-page')),
              },
              { path: ':username', lazy: screen(() => import('@/pages/profile/user-profile-page')) },
            ],
          },
          { path: 'create-post', lazy: screen(() => import('@/pages/create-post/create-post-page')) },
          { path: 'edit-post/:postId', lazy: screen(() => import('@/pages/edit-post/edit-post-page')) },
          { path: 'post/:postId', lazy: screen(() => import('@/pages/post-detail/post-detail-page')) },
          { path: 'settings/security', lazy: screen(() => import('@/pages/security/security-page')) },
          {
            path: 'settings/blocked',
            lazy: screen(() => import('@/pages/blocked-people/blocked-people-page')),
          },
          {
            path: 'settings/moderation',
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
