import { type SearchPage, STYLE_NAMES_HE, STYLES, type Suggestions } from '@sys/shared';
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
  tags: [],
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

/** The recent searches' rows, by their search. */
const rows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .map((row) => row.textContent);

/** The cell the combobox points at (aria-activedescendant). */
function activeCell(): HTMLElement {
  const id = screen.getByRole('combobox').getAttribute('aria-activedescendant');
  const cell = id ? document.getElementById(id) : null;
  if (!cell) throw new Error('no active cell');
  return cell;
}

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
    await waitFor(() => expect(router.location.pathname).toBe(`/explore/brands/${brandId}`));
    // Debounced: one request for the pause, not one per key.
    const asked = api.mock.calls
      .map(([url]) => new URL(String(url), window.location.origin))
      .filter((url) => url.pathname === '/api/v1/search/suggestions')
      .map((url) => url.searchParams.get('q'));
    expect(asked).toEqual(['dan']);
  });

  it('suggests hashtags too, after people, brands and styles, and opens the tag page', async () => {
    fakeApi({
      'GET /api/v1/search': () => empty,
      'GET /api/v1/search/suggestions': (): Suggestions => ({
        ...matches,
        tags: [{ tag: 'dancewear', post_count: 2 }],
      }),
    });
    const { user, router } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.type(box(), 'dan');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@dana.levi', 'Danskin', '#dancewear']);
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/tag/dancewear'));
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
      'GET /api/v1/search/suggestions': (): Suggestions => ({ people: [], brands: [], styles: [], tags: [] }),
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
    const list = await screen.findByRole('grid', { name: 'Recent searches' });
    expect(rows(list)).toEqual(['boots', 'zara', 'linen']);
    await user.click(within(list).getByRole('button', { name: 'Remove zara from recent searches' }));
    expect(rows(list)).toEqual(['boots', 'linen']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.location.search).toBe('?q=linen'));
    await user.clear(box());
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(window.localStorage.getItem('recent_searches')).toBeNull();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('reaches each recent search and its Remove button from the keyboard alone', async () => {
    window.localStorage.setItem('recent_searches', JSON.stringify(['boots', 'zara', 'linen', 'silk']));
    fakeApi({ 'GET /api/v1/search': () => empty, 'GET /api/v1/search/suggestions': () => matches });
    const { user, router } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.click(box());
    const list = await screen.findByRole('grid', { name: 'Recent searches' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAccessibleDescription(/Delete removes it/);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeCell()).toHaveTextContent('zara');
    // The arrow toward the line's end reaches the row's Remove button, named for its search.
    await user.keyboard('{ArrowRight}');
    expect(activeCell()).toHaveAttribute('role', 'gridcell');
    expect(within(activeCell()).getByRole('button')).toHaveAccessibleName('Remove zara from recent searches');
    await user.keyboard('{Enter}');
    expect(rows(list)).toEqual(['boots', 'linen', 'silk']);
    expect(JSON.parse(window.localStorage.getItem('recent_searches') ?? '[]')).toEqual([
      'boots',
      'linen',
      'silk',
    ]);
    // The next row takes the removed one's place, still on Remove; Delete removes the active row too.
    expect(within(activeCell()).getByRole('button')).toHaveAccessibleName(
      'Remove linen from recent searches',
    );
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(activeCell()).toHaveTextContent('silk');
    await user.keyboard('{Delete}');
    expect(rows(list)).toEqual(['boots', 'linen']);
    await user.keyboard('{ArrowUp}');
    expect(activeCell()).toHaveTextContent('boots');
    await user.keyboard('{ArrowUp}');
    expect(activeCell()).toHaveTextContent('linen');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.location.search).toBe('?q=linen'));
    // Tab reaches Clear with the list still open; Enter on it clears and returns to the box.
    await user.clear(box());
    await user.tab();
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(clear).toHaveFocus();
    expect(screen.getByRole('grid', { name: 'Recent searches' })).toBeVisible();
    await user.keyboard('{Enter}');
    expect(window.localStorage.getItem('recent_searches')).toBeNull();
    expect(box()).toHaveFocus();
  });

  it('reaches Remove with the left arrow in Hebrew', async () => {
    await i18n.changeLanguage('he');
    window.localStorage.setItem('recent_searches', JSON.stringify(['שמלה', 'חצאית']));
    fakeApi({ 'GET /api/v1/search': () => empty });
    const { user } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.click(screen.getByRole('combobox'));
    await screen.findByRole('grid', { name: 'חיפושים אחרונים' });
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(activeCell()).toHaveTextContent('שמלה');
    await user.keyboard('{ArrowLeft}');
    expect(within(activeCell()).getByRole('button')).toHaveAccessibleName('הסרת שמלה מהחיפושים האחרונים');
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

  it('names each suggested style in Hebrew by the name the server matches (STYLE_NAMES_HE)', async () => {
    await i18n.changeLanguage('he');
    fakeApi({
      'GET /api/v1/search': () => empty,
      'GET /api/v1/search/suggestions': (): Suggestions => ({
        people: [],
        brands: [],
        styles: [...STYLES],
        tags: [],
      }),
    });
    const { user, router } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.type(screen.getByRole('combobox'), 'ערב');
    const list = await screen.findByRole('listbox', { name: 'הצעות' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(STYLES.map((style) => STYLE_NAMES_HE[style]));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/explore/category/evening'));
  });

  it('speaks Hebrew', async () => {
    await i18n.changeLanguage('he');
    window.localStorage.setItem('recent_searches', JSON.stringify(['שמלה']));
    fakeApi({ 'GET /api/v1/search': () => empty });
    const { user } = renderApp('/explore');
    await screen.findByRole('combobox', {}, { timeout: 8000 });
    await user.click(screen.getByRole('combobox'));
    const list = await screen.findByRole('grid', { name: 'חיפושים אחרונים' });
    expect(within(list).getByRole('button', { name: 'הסרת שמלה מהחיפושים האחרונים' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ניקוי' })).toBeInTheDocument();
  });
});
