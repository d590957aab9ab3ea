import type { SearchPage, Suggestions } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const empty: SearchPage = { items: [], total: 0, total_capped: false, next_cursor: null, corrected_to: null };
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
  styles: [],
};

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const box = () => screen.getByRole('combobox', { name: 'Search style, item, brand...' });

describe('the search box', () => {
  it('suggests while typing; arrows move and Enter opens the chosen page', async () => {
    const api = fakeApi({
      'GET /api/v1/search': () => empty,
      'GET /api/v1/search/suggestions': () => matches,
    });
    const { user, router } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.type(box(), 'dan');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@dana.levi', 'Danskin']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = box().getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)).toHaveTextContent('Danskin');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/explore/brands/${brandId}`));
    // Debounced: one request for the pause, not one per key.
    const asked = api.mock.calls
      .map(([url]) => new URL(String(url), window.location.origin))
      .filter((url) => url.pathname === '/api/v1/search/suggestions')
      .map((url) => url.searchParams.get('q'));
    expect(asked).toEqual(['dan']);
  });

  it('Escape closes the list', async () => {
    fakeApi({ 'GET /api/v1/search': () => empty, 'GET /api/v1/search/suggestions': () => matches });
    const { user } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.type(box(), 'dan');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('keeps recent searches on the device, each removable, and clears them', async () => {
    fakeApi({
      'GET /api/v1/search': () => empty,
      'GET /api/v1/search/suggestions': (): Suggestions => ({ people: [], brands: [], styles: [] }),
    });
    const { user, router } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    for (const words of ['linen', 'zara', 'boots']) {
      await user.clear(box());
      await user.type(box(), `${words}{Enter}`);
    }
    expect(JSON.parse(window.localStorage.getItem('recent_searches') ?? '[]')).toEqual([
      'boots',
      'zara',
      'linen',
    ]);
    await user.clear(box());
    const list = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['boots', 'zara', 'linen']);
    await user.click(within(list).getByRole('button', { name: 'Remove zara from recent searches' }));
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['boots', 'linen']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=linen'));
    await user.clear(box());
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(window.localStorage.getItem('recent_searches')).toBeNull();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('keeps at most ten recent searches', async () => {
    window.localStorage.setItem(
      'recent_searches',
      JSON.stringify(Array.from({ length: 10 }, (_, i) => `old${i}`)),
    );
    fakeApi({ 'GET /api/v1/search': () => empty, 'GET /api/v1/search/suggestions': () => matches });
    const { user } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.type(box(), 'new{Enter}');
    const kept = JSON.parse(window.localStorage.getItem('recent_searches') ?? '[]') as string[];
    expect(kept).toHaveLength(10);
    expect(kept[0]).toBe('new');
    expect(kept).not.toContain('old9');
  });

  it('speaks Hebrew', async () => {
    await i18n.changeLanguage('he');
    window.localStorage.setItem('recent_searches', JSON.stringify(['שמלה']));
    fakeApi({ 'GET /api/v1/search': () => empty });
    const { user } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.click(screen.getByRole('combobox'));
    const list = await screen.findByRole('listbox', { name: 'חיפושים אחרונים' });
    expect(within(list).getByRole('button', { name: 'הסרת שמלה מהחיפושים האחרונים' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ניקוי' })).toBeInTheDocument();
  });
});
