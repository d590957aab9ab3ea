import type { TagPage } from '@sys/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { AppProviders, createQueryClient } from '@/app/providers';
import { PostChips } from '@/entities/post/ui/post-chips';
import { fakeApi } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

// The hashtag page (/tag/{tag}) and the card's tag chips that lead to it.

let asked: string[];

beforeEach(async () => {
  window.localStorage.setItem('onboarded', 'true');
  await i18n.changeLanguage('en');
  asked = [];
  fakeApi({
    'GET /api/v1/tags/LinenLook/posts': (url): TagPage => {
      asked.push(url.search);
      return url.searchParams.get('cursor')
        ? { tag: 'LinenLook', items: [testPost(3)], total: 3, total_capped: false, next_cursor: null }
        : {
            tag: 'LinenLook',
            items: [testPost(1), testPost(2)],
            total: 3,
            total_capped: false,
            next_cursor: 'next',
          };
    },
    'GET /api/v1/tags/%D7%A7%D7%99%D7%A5/posts': (): TagPage => ({
      tag: 'קיץ',
      items: [],
      total: 0,
      total_capped: false,
      next_cursor: null,
    }),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/tag/{tag}', () => {
  it('shows the tag, how many posts have it and their grid, and loads the next page on Load more', async () => {
    const { user } = renderApp('/tag/LinenLook');
    expect(
      await screen.findByRole('heading', { level: 1, name: '\u2068#LinenLook\u2069' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('3 posts found')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Look 1' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByRole('link', { name: 'Look 3' })).toBeInTheDocument();
    expect(asked).toEqual(['?limit=30', '?limit=30&cursor=next']);
  });

  it('speaks Hebrew, with a Hebrew tag kept whole', async () => {
    await i18n.changeLanguage('he');
    renderApp('/tag/%D7%A7%D7%99%D7%A5');
    expect(
      await screen.findByRole('heading', { level: 1, name: '\u2068#קיץ\u2069' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('עדיין אין פוסטים עם התגית הזאת')).toBeInTheDocument();
  });
});

describe("a card's tag chips", () => {
  it('lead to the tag page, as written in the caption', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <PostChips caption="Summer #LinenLook #קיץ" items={[]} />
        </MemoryRouter>
      </AppProviders>,
    );
    const list = screen.getByRole('list');
    expect(within(list).getByRole('link', { name: '#LinenLook' })).toHaveAttribute('href', '/tag/LinenLook');
    expect(within(list).getByRole('link', { name: '#קיץ' })).toHaveAttribute(
      'href',
      '/tag/%D7%A7%D7%99%D7%A5',
    );
  });
});
