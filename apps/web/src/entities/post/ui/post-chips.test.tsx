import type { PostItem } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { photoPost } from '@/test/photo-post';
import { renderApp } from '@/test/render-app';

const item = (n: number, brand: string): PostItem => ({
  id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  item_type: 'Dress',
  brand,
  link: 'https://shop.example.com/x',
  size: null,
  title: null,
  image_url: null,
  price: null,
  currency: 'USD',
  color: null,
  pattern: null,
  saved_by_me: false,
});

const zaraId = '00000000-0000-4000-8000-00000000a0a0';
const post = photoPost(7, { items: [item(1, 'zara'), item(2, 'My Aunt Knitted It')] });

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('brand chips on a card', () => {
  it("open the brand's page when the brand has one, and stay plain text otherwise", async () => {
    fakeApi({
      [`GET /api/v1/posts/${post.id}`]: () => post,
      [`GET /api/v1/profiles/${post.author.username}/posts`]: () => ({ items: [post], next_cursor: null }),
      'GET /api/v1/explore/brands': () => ({ items: [{ id: zaraId, name: 'Zara', item_count: 4 }] }),
    });
    const { router, user } = renderApp(`/post/${post.id}`);
    const details = await screen.findByRole('list', { name: 'Brands, sizes, colours, patterns and tags' });
    const zara = await within(details).findByRole('link', { name: 'zara' });
    expect(zara).toHaveAttribute('href', `/explore/brands/${zaraId}`);
    expect(within(details).getByText('My Aunt Knitted It').closest('a')).toBeNull();
    await user.click(zara);
    await waitFor(() => expect(router.location.pathname).toBe(`/explore/brands/${zaraId}`));
  });
});
