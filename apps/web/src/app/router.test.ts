import { matchWebRoute, WEB_ROUTES } from '@sys/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every page path of the router, in full (a child's path is absolute: it starts with its parent's). */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.index) return [parent || '/'];
    const path = route.path ?? parent;
    const own = route.path && route.path !== '*' && !route.children ? [path] : [];
    return [...own, ...(route.children ? pagePaths(route.children, path) : [])];
  });
}

describe('the route table and WEB_ROUTES (@sys/shared)', () => {
  it('has exactly the pages of WEB_ROUTES, which the server answers with 200', () => {
    const paths = pagePaths(routes);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(Object.values(WEB_ROUTES).sort());
  });

  it.each([
    '/',
    '/explore/',
    '/EXPLORE/Brands',
    '/explore/brands/8b2f',
    '/explore/category/casual',
    '/album/abc/posts',
    '/profile',
    '/profile/noa.levi',
    '/post/not-a-uuid',
    '/auth/forgot',
    '/settings/moderation',
    '/no/such/page',
    '/profile/noa/extra',
    '/post',
    '/explore/category',
  ])('matches %s as the router does', (path) => {
    const page = matchRoutes(routes, path)?.at(-1)?.route;
    const shown = page?.path === '*' ? null : page;
    expect(matchWebRoute(path) !== null).toBe(shown !== null && shown !== undefined);
  });
});
