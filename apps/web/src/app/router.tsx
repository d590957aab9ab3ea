import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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
          { path: 'onboarding', lazy: screen(() => import('@/features/onboarding/routes/onboarding')) },
          {
            path: 'auth',
            handle: handle({ header: { back: '/', hideAccount: true } }),
            children: [
              { index: true, lazy: screen(() => import('@/features/auth/routes/auth')) },
              {
                path: 'forgot',
                handle: handle({ header: { back: '/auth?tab=sign-in', hideAccount: true } }),
                lazy: screen(() => import('@/features/auth/routes/forgot-password')),
              },
              { path: 'reset', lazy: screen(() => import('@/features/auth/routes/reset-password')) },
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
            lazy: screen(() => import('@/features/home/routes/home')),
          },
          {
            path: 'explore',
            children: [
              { index: true, lazy: screen(() => import('@/features/explore/routes/explore')) },
              { path: 'brands', lazy: screen(() => import('@/features/explore/routes/brands')) },
              { path: 'taste', lazy: screen(() => import('@/features/swipe/routes/taste')) },
              { path: 'brands/:brandId', lazy: screen(() => import('@/features/explore/routes/brand')) },
              { path: 'creators', lazy: screen(() => import('@/features/explore/routes/creators')) },
              { path: 'trending', lazy: screen(() => import('@/features/explore/routes/trending')) },
              { path: 'albums', lazy: screen(() => import('@/features/explore/routes/albums')) },
              { path: 'albums/:albumId', lazy: screen(() => import('@/features/explore/routes/album')) },
              {
                path: 'category/:category',
                lazy: screen(() => import('@/features/explore/routes/category')),
              },
            ],
          },
          {
            path: 'wishlist',
            children: [
              { index: true, lazy: screen(() => import('@/features/wishlist/routes/wishlist')) },
              { path: 'posts', lazy: screen(() => import('@/features/wishlist/routes/saved-posts')) },
              { path: 'products', lazy: screen(() => import('@/features/wishlist/routes/saved-products')) },
              { path: 'albums', lazy: screen(() => import('@/features/wishlist/routes/saved-albums')) },
            ],
          },
          {
            path: 'album/:albumId/posts',
            lazy: screen(() => import('@/features/albums/routes/album-posts')),
          },
          { path: 'messages', lazy: screen(() => import('@/features/messages/routes/messages')) },
          {
            path: 'profile',
            children: [
              {
                index: true,
                handle: handle({ header: { messages: true } }),
                lazy: screen(() => import('@/features/profile/routes/own-profile')),
              },
              { path: ':username', lazy: screen(() => import('@/features/profile/routes/user-profile')) },
            ],
          },
          { path: 'create-post', lazy: screen(() => import('@/features/posts/routes/create-post')) },
          { path: 'edit-post/:postId', lazy: screen(() => import('@/features/posts/routes/edit-post')) },
          { path: 'post/:postId', lazy: screen(() => import('@/features/posts/routes/post-detail')) },
          { path: 'settings/security', lazy: screen(() => import('@/features/auth/routes/security')) },
          {
            path: 'settings/blocked',
            lazy: screen(() => import('@/features/moderation/routes/blocked-people')),
          },
          {
            path: 'settings/moderation',
            lazy: screen(() => import('@/features/moderation/routes/moderation')),
          },
          { path: '*', lazy: screen(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
