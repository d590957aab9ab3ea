import type { BrandPage, CategoryPage, CountedPostPage, Explore, Post } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

const post = (n: number): Post => testPost(n);

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => post(from + i));

/** 45 posts in two pages: 30, then 15 (after cursor 'page-2'). */
function twoPages(url: URL): CountedPostPage {
  return url.searchParams.get('cursor') === 'page-2'
    ? { items: range(30, 45), total: 45, total_capped: false, next_cursor: null }
    : { items: range(0, 30), total: 45, total_capped: false, next_cursor: 'page-2' };
}

const serverError = () => withStatus(500, apiErrorBody('internal', 'Internal Server Error'));
const postLinks = () => document.querySelectorAll('main a[href^="/post/"]');

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('search results, brand and category pages go past their first page', () => {
  const brand = { id: '00000000-0000-4000-8000-0000000000b1', name: 'Zara', item_count: 45 };
  for (const [path, endpoint, answer, count] of [
    ['/explore?q=zara', 'GET /api/v1/search', twoPages, '45 results'],
    [
      `/explore/brands/${brand.id}`,
      `GET /api/v1/explore/brands/${brand.id}`,
      (url: URL): BrandPage => ({ ...twoPages(url), brand }),
      '45 items found',
    ],
    [
      '/explore/category/casual',
      'GET /api/v1/explore/categories/casual',
      (url: URL): CategoryPage => ({ ...twoPages(url), category: 'Casual' }),
      '45 posts found',
    ],
  ] as const) {
    it(`${path}: 'Load more posts' shows the rest`, async () => {
      const api = fakeApi({ [endpoint]: answer });
      const { user } = renderApp(path);
      expect(await screen.findByText(count)).toBeInTheDocument();
      await waitFor(() => expect(postLinks()).toHaveLength(30));
      await user.click(screen.getByRole('button', { name: 'Load more posts' }));
      await waitFor(() => expect(postLinks()).toHaveLength(45));
      expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
      const endpointPath = endpoint.slice('GET '.length);
      const cursors = api.mock.calls
        .map(([url]) => new URL(String(url), window.location.origin))
        .filter((url) => url.pathname === endpointPath)
        .map((url) => url.searchParams.get('cursor'));
      expect(cursors).toEqual([null, 'page-2']);
    });
  }
});

describe('explore errors say what failed, with Try again', () => {
  it('a search', async () => {
    let failing = true;
    fakeApi({ 'GET /api/v1/search': (url) => (failing ? serverError() : twoPages(url)) });
    const { user } = renderApp('/explore?q=zara');
    expect(
      await screen.findByText('The search could not be done', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('45 results')).toBeInTheDocument();
  });

  it('the hub', async () => {
    let failing = true;
    const hub: Explore = { brands: [], creators: [], trending: [], albums: [], styles: ['Casual'] };
    fakeApi({ 'GET /api/v1/explore': () => (failing ? serverError() : hub) });
    const { user } = renderApp('/explore');
    expect(await screen.findByText('Explore could not be loaded', {}, { timeout: 8000 })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Casual' })).toBeInTheDocument();
  });
});

describe('empty explore sections', () => {
  it("say so, without 'See all' over nothing", async () => {
    const hub: Explore = { brands: [], creators: [], trending: [], albums: [], styles: ['Casual'] };
    fakeApi({ 'GET /api/v1/explore': () => hub });
    renderApp('/explore');
    for (const [heading, line] of [
      ['Popular Brands', 'No brands yet'],
      ['Top Creators', 'No creators yet'],
      ['Trending Products', 'No trending products this week'],
      ['Fashion Albums', 'No public albums yet'],
    ] as const) {
      const section = (await screen.findByRole('heading', { name: heading })).closest('section')!;
      expect(within(section).getByText(line)).toBeInTheDocument();
      expect(within(section).queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
    }
  });
});
