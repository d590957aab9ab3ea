import { matchWebRoute, WEB_ROUTES } from '@sys/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchScreens, routes } from './router';

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

describe('matchScreens', () => {
  it('finds what react-router finds, once per pathname', () => {
    for (const path of [
      '/',
      '/explore/brands',
      '/post/0b6c1f3e-2d7a-4c55-9a1e-3f4b5c6d7e8f',
      '/no/such/page',
    ]) {
      const found = matchScreens(path);
      expect(found.map((match) => match.route)).toEqual(matchRoutes(routes, path)?.map((m) => m.route));
      expect(matchScreens(path)).toBe(found);
    }
  });

  it('keeps the last 50 pathnames and matches an older one again', () => {
    const first = matchScreens('/profile/keeper-0');
    for (let index = 1; index <= 50; index += 1) matchScreens(`/profile/keeper-${index}`);
    const again = matchScreens('/profile/keeper-0');
    expect(again).not.toBe(first);
    expect(again.map((match) => match.params)).toEqual(first.map((match) => match.params));
    expect(matchScreens('/profile/keeper-50')).toBe(matchScreens('/profile/keeper-50'));
  });
});
