import type { SearchPage, Suggestions } from '@sys/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

const page: SearchPage = {
  items: [testPost(1)],
  total: 1,
  total_capped: false,
  next_cursor: null,
  corrected_to: null,
};
const brandId = '00000000-0000-4000-8000-0000000000b1';
const matches: Suggestions = {
  people: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      username: 'dana.levi',
      display_name: 'Dana',
      avatar_url: null,
    },
  ],
  brands: [{ id: brandId, name: 'Danskin' }],
  styles: ['Casual'],
  tags: [],
};

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('search results show the people, brands and styles that match', () => {
  it('links each to its page, above the posts', async () => {
    const api = fakeApi({
      'GET /api/v1/search': () => page,
      'GET /api/v1/search/suggestions': () => matches,
    });
    renderApp('/explore?q=dan');
    const people = await screen.findByRole('region', { name: 'People' });
    expect(within(people).getByRole('link')).toHaveAttribute('href', '/profile/dana.levi');
    const brands = screen.getByRole('region', { name: 'Brands' });
    expect(within(brands).getByRole('link', { name: 'Danskin' })).toHaveAttribute(
      'href',
      `/explore/brands/${brandId}`,
    );
    const styles = screen.getByRole('region', { name: 'Styles' });
    expect(within(styles).getByRole('link')).toHaveAttribute('href', '/explore/category/casual');
    const asked = api.mock.calls
      .map(([url]) => new URL(String(url), window.location.origin))
      .filter((url) => url.pathname === '/api/v1/search/suggestions')
      .map((url) => url.searchParams.get('q'));
    expect(asked).toContain('dan');
  });

  it('shows no such section when nothing matches', async () => {
    fakeApi({
      'GET /api/v1/search': () => page,
      'GET /api/v1/search/suggestions': (): Suggestions => ({ people: [], brands: [], styles: [], tags: [] }),
    });
    renderApp('/explore?q=dan');
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'People' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Brands' })).not.toBeInTheDocument();
  });

  it('names the sections and styles in Hebrew', async () => {
    await i18n.changeLanguage('he');
    fakeApi({ 'GET /api/v1/search': () => page, 'GET /api/v1/search/suggestions': () => matches });
    renderApp('/explore?q=dan');
    const styles = await screen.findByRole('region', { name: 'סגנונות' });
    expect(within(styles).getByRole('link')).toHaveTextContent('יומיומי');
    expect(screen.getByRole('region', { name: 'אנשים' })).toBeInTheDocument();
  });
});
