import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { photoPost } from '@/test/photo-post';
import { renderApp } from '@/test/render-app';

// English user texts on a Hebrew screen: each element that can cut its text must take the text's own
// direction (dir="auto"), or the ellipsis cuts the English at its start ("...ed Linen Shirt").
const TITLE = 'Oversized Linen Shirt with Mother-of-Pearl Buttons';
const post = photoPost(5, {
  author: {
    id: '00000000-0000-4000-8000-000000000005',
    username: 'maya5',
    display_name: 'Maya Levi-Rosenberg the Stylist',
    avatar_url: null,
  },
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000e1',
      item_type: 'Shirt',
      brand: 'Pull & Bear Limited Edition',
      link: 'https://shop.example/shirt',
      size: 'M',
      title: TITLE,
      image_url: null,
      price: 120,
      currency: 'ILS',
      color: null,
      pattern: null,
      saved_by_me: false,
    },
  ],
});

/** The direction the element's own text is laid out in: its own dir, or its nearest ancestor's. */
const directionOf = (element: HTMLElement) => element.closest('[dir]')?.getAttribute('dir');

beforeEach(async () => {
  window.localStorage.setItem('onboarded', 'true');
  fakeApi({
    [`GET /api/v1/posts/${post.id}`]: () => post,
    'GET /api/v1/profiles/maya5/posts': () => ({ items: [], next_cursor: null }),
  });
  await i18n.changeLanguage('he');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('user texts on a Hebrew screen', () => {
  it("give the author's name, a brand and a product title their own direction", async () => {
    const { user } = renderApp(`/post/${post.id}`);
    const heading = await screen.findByRole('heading', { name: 'maya5' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(directionOf(heading)).toBe('auto');
    expect(directionOf(screen.getByText('Pull & Bear Limited Edition'))).toBe('auto');

    await user.click(screen.getByRole('button', { name: 'פריטי הלוק (1)' }));
    const sheet = await screen.findByRole('dialog');
    expect(directionOf(within(sheet).getByText(TITLE))).toBe('auto');
  });
});
