import type { SearchPage } from '@sys/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

/** The server's answers: 'zaar' is corrected to 'zara' unless exact=1, which finds nothing. */
function answer(url: URL): SearchPage {
  const exact = url.searchParams.get('exact') === '1';
  if (exact) return { items: [], total: 0, total_capped: false, next_cursor: null, corrected_to: null };
  return { items: [testPost(1)], total: 1, total_capped: false, next_cursor: null, corrected_to: 'zara' };
}

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('a corrected search', () => {
  it('says what it searched and offers the words as typed, which searches them without correction', async () => {
    const api = fakeApi({ 'GET /api/v1/search': answer });
    const { user, router } = renderApp('/explore?q=zaar');
    expect(await screen.findByText('zara')).toBeInTheDocument();
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Showing results for zara');
    const literal = screen.getByRole('link', { name: 'Search instead for zaar' });
    await user.click(literal);
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(router.location.search).toBe('?q=zaar&exact=1');
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
    const exactFlags = api.mock.calls
      .map(([url]) => new URL(String(url), window.location.origin))
      .filter((url) => url.pathname === '/api/v1/search')
      .map((url) => url.searchParams.get('exact'));
    expect(exactFlags).toEqual([null, '1']);
  });

  it('says nothing more when the words were used as typed', async () => {
    fakeApi({
      'GET /api/v1/search': (): SearchPage => ({
        items: [testPost(1)],
        total: 1,
        total_capped: false,
        next_cursor: null,
        corrected_to: null,
      }),
    });
    renderApp('/explore?q=zara');
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Search instead for/ })).not.toBeInTheDocument();
  });

  it('is said in Hebrew', async () => {
    await i18n.changeLanguage('he');
    fakeApi({ 'GET /api/v1/search': answer });
    renderApp('/explore?q=zaar');
    await waitFor(() =>
      expect(screen.getByText(/מציגים תוצאות עבור/)).toHaveTextContent('מציגים תוצאות עבור zara'),
    );
    expect(screen.getByRole('link', { name: 'לחפש במקום זאת zaar' })).toBeInTheDocument();
  });
});
