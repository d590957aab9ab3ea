import type { Post, PublicProfile } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

const bob: PublicProfile = {
  id: '00000000-0000-4000-8000-00000000b0b0',
  username: 'bob',
  display_name: 'Bob Stone',
  bio: null,
  avatar_url: null,
  measurements_public: false,
  is_following: false,
  is_blocked: false,
};

const bobsPost = (n: number): Post =>
  testPost(n, { author: { id: bob.id, username: 'bob', display_name: null, avatar_url: null } });

// Bob has 35 posts: a first page of 30 and a second of 5.
const firstPage = Array.from({ length: 30 }, (_, index) => bobsPost(index + 1));
const secondPage = Array.from({ length: 5 }, (_, index) => bobsPost(index + 31));

function bobsApi() {
  return fakeApi({
    'GET /api/v1/profiles/bob': () => bob,
    'GET /api/v1/profiles/bob/stats': () => ({ posts: 35, followers: 0, following: 0 }),
    'GET /api/v1/profiles/bob/albums': () => ({ items: [], next_cursor: null }),
    'GET /api/v1/profiles/bob/posts': (url) =>
      url.searchParams.get('cursor') === 'page-2'
        ? { items: secondPage, next_cursor: null }
        : { items: firstPage, next_cursor: 'page-2' },
  });
}

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("another person's posts", () => {
  it('shows three on the profile and leads from See all posts to all of them, a page at a time', async () => {
    bobsApi();
    const { router, user } = renderApp('/profile/bob');
    const seeAll = await screen.findByRole('link', { name: 'See all posts' });
    expect(screen.getAllByRole('link', { name: /^Look \d+$/ })).toHaveLength(3);

    await user.click(seeAll);
    await waitFor(() => expect(router.location.pathname).toBe('/profile/bob/posts'));
    expect(await screen.findByRole('heading', { name: /^Posts by \W*@bob\W*$/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Look \d+$/ })).toHaveLength(30));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Look \d+$/ })).toHaveLength(35));
    expect(screen.getByRole('link', { name: 'Look 35' })).toHaveAttribute(
      'href',
      `/post/${secondPage[4]?.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('offers no See all posts to a profile with three posts or fewer', async () => {
    fakeApi({
      'GET /api/v1/profiles/bob': () => bob,
      'GET /api/v1/profiles/bob/posts': () => ({ items: firstPage.slice(0, 3), next_cursor: null }),
    });
    renderApp('/profile/bob');
    const region = await screen.findByRole('tabpanel');
    await waitFor(() => expect(within(region).getAllByRole('link')).toHaveLength(3));
    expect(screen.queryByRole('link', { name: 'See all posts' })).not.toBeInTheDocument();
  });

  it('answers an unknown person with the 404 screen', async () => {
    fakeApi({
      'GET /api/v1/profiles/nobody': () => withStatus(404, apiErrorBody('not_found', 'Profile not found')),
    });
    renderApp('/profile/nobody/posts');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
  });
});
