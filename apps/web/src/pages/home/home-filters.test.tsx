import { LOCAL_STORAGE_KEYS } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

/*
 * Home's filtered feed as a person steers it (issue 17, Filters): the dialog reopens with the filters in
 * force, each chip removes its own value, search words and filters travel together in the URL, an empty
 * answer says so, and options that do not exist are ignored.
 */

const SLOW = { timeout: 15_000 };

beforeEach(() => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.onboarded, 'true');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

/** The server's filtered feed: `items` posts for any query; every request's query string is kept. */
function fakeFilteredFeed(items = 1) {
  const asked: URLSearchParams[] = [];
  const fetch = fakeApi({
    'GET /api/v1/posts/filtered': (url) => {
      asked.push(url.searchParams);
      return {
        items: Array.from({ length: items }, (_, i) => testPost(i + 1)),
        next_cursor: null,
        total: items,
        total_capped: false,
      };
    },
    'GET /api/v1/posts': () => ({ items: [testPost(9)], next_cursor: null }),
  });
  return { asked, fetch };
}

/** The filter parameters of a query string, sorted (order and paging aside). */
function filterParams(params: URLSearchParams): string[] {
  return [...params.entries()]
    .filter(([name]) => name !== 'limit' && name !== 'cursor')
    .map(([name, value]) => `${name}=${value}`)
    .sort();
}

async function openDialog(user: ReturnType<typeof renderApp>['user'], name = 'Change filters') {
  await user.click(await screen.findByRole('button', { name }, SLOW));
  return screen.findByRole('dialog', {}, SLOW);
}

describe("reopening 'Filter By...'", () => {
  it('opens with the filters in force selected', async () => {
    fakeFilteredFeed();
    const { user } = renderApp('/?color=Black&size=M&style=Casual');
    const dialog = await openDialog(user);
    const color = within(dialog).getByRole('group', { name: 'Color' });
    expect(within(color).getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(color).getByRole('button', { name: 'White' })).toHaveAttribute('aria-pressed', 'false');
    const size = within(dialog).getByRole('group', { name: 'Size' });
    expect(within(size).getByRole('button', { name: 'M' })).toHaveAttribute('aria-pressed', 'true');
    const style = within(dialog).getByRole('group', { name: 'Style' });
    expect(within(style).getByRole('button', { name: 'Casual' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: 'Apply Filters (3)' })).toBeInTheDocument();
  });

  it('in Hebrew too', async () => {
    await i18n.changeLanguage('he');
    fakeFilteredFeed();
    const { user } = renderApp('/?color=Black');
    const dialog = await openDialog(user, 'שינוי הסינון');
    const color = within(dialog).getByRole('group', { name: 'צבע' });
    expect(within(color).getByRole('button', { name: 'שחור' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('on Explore, after a filtered Home, with those filters; after Clear All, with none', async () => {
    fakeFilteredFeed();
    const { user, router } = renderApp('/?color=Black&size=M');
    await screen.findByRole('button', { name: 'Remove Color: Black' }, SLOW);
    router.navigate('/explore');
    let dialog = await openDialog(user, 'Filter');
    const color = within(dialog).getByRole('group', { name: 'Color' });
    expect(within(color).getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: 'Apply Filters (2)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    router.navigate('/?color=Black&size=M');
    await user.click(await screen.findByRole('button', { name: 'Clear All' }, SLOW));
    await waitFor(() => expect(router.location.search).toBe(''));
    router.navigate('/explore');
    dialog = await openDialog(user, 'Filter');
    expect(within(dialog).queryByRole('button', { pressed: true })).not.toBeInTheDocument();
  });

  it('keeps the values it was opened with and changes only what is pressed', async () => {
    const { asked } = fakeFilteredFeed();
    const { user, router } = renderApp('/?color=Black');
    const dialog = await openDialog(user);
    const size = within(dialog).getByRole('group', { name: 'Size' });
    await user.click(within(size).getByRole('button', { name: 'L' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters (2)' }));
    await waitFor(() =>
      expect(filterParams(new URLSearchParams(router.location.search))).toEqual(['color=Black', 'size=L']),
    );
    await waitFor(() => expect(filterParams(asked.at(-1)!)).toEqual(['color=Black', 'size=L']));
  });
});

describe('the Active Filters chips', () => {
  it('each remove their own value, from the URL and from the request', async () => {
    const { asked } = fakeFilteredFeed();
    const { user, router } = renderApp('/?color=Black&color=Red&size=M');
    await user.click(await screen.findByRole('button', { name: 'Remove Color: Black' }, SLOW));
    await waitFor(() =>
      expect(filterParams(new URLSearchParams(router.location.search))).toEqual(['color=Red', 'size=M']),
    );
    expect(screen.queryByRole('button', { name: 'Remove Color: Black' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Color: Red' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Size: M' })).toBeInTheDocument();
    await waitFor(() => expect(filterParams(asked.at(-1)!)).toEqual(['color=Red', 'size=M']));
  });

  it('in Hebrew, named in Hebrew', async () => {
    await i18n.changeLanguage('he');
    fakeFilteredFeed();
    const { user, router } = renderApp('/?color=Black&pattern=Floral');
    await user.click(await screen.findByRole('button', { name: 'הסרת דוגמה: פרחוני' }, SLOW));
    await waitFor(() => expect(router.location.search).toBe('?color=Black'));
    expect(screen.getByRole('button', { name: 'הסרת צבע: שחור' })).toBeInTheDocument();
  });

  it('removing the last one shows the latest posts again', async () => {
    fakeFilteredFeed();
    const { user, router } = renderApp('/?size=M');
    await user.click(await screen.findByRole('button', { name: 'Remove Size: M' }, SLOW));
    await waitFor(() => expect(router.location.search).toBe(''));
    expect(screen.queryByRole('heading', { name: 'Active Filters' })).not.toBeInTheDocument();
  });
});

describe('a search and filters together', () => {
  it('applying filters keeps the search words (URL and request)', async () => {
    const feed = fakeFilteredFeed();
    const { user, router } = renderApp('/explore?q=zara');
    const dialog = await openDialog(user, 'Filter');
    const color = within(dialog).getByRole('group', { name: 'Color' });
    await user.click(within(color).getByRole('button', { name: 'Black' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters (1)' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(filterParams(new URLSearchParams(router.location.search))).toEqual(['color=Black', 'q=zara']);
    await waitFor(() => expect(feed.asked.length).toBeGreaterThan(0));
    expect(filterParams(feed.asked.at(-1)!)).toEqual(['color=Black', 'q=zara']);
    expect(await screen.findByRole('button', { name: 'Remove Search: zara' })).toBeInTheDocument();
  });

  it('an opened link (or a reload) keeps both, and the words can be removed alone', async () => {
    const { asked } = fakeFilteredFeed();
    const { user, router } = renderApp('/?q=zara&color=Black');
    await user.click(await screen.findByRole('button', { name: 'Remove Search: zara' }, SLOW));
    expect(filterParams(asked[0]!)).toEqual(['color=Black', 'q=zara']);
    await waitFor(() => expect(router.location.search).toBe('?color=Black'));
    await waitFor(() => expect(filterParams(asked.at(-1)!)).toEqual(['color=Black']));
  });

  it('reopening the dialog and applying again keeps the words', async () => {
    fakeFilteredFeed();
    const { user, router } = renderApp('/?q=zara&color=Black');
    const dialog = await openDialog(user);
    const size = within(dialog).getByRole('group', { name: 'Size' });
    await user.click(within(size).getByRole('button', { name: 'S' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters (2)' }));
    await waitFor(() =>
      expect(filterParams(new URLSearchParams(router.location.search))).toEqual([
        'color=Black',
        'q=zara',
        'size=S',
      ]),
    );
  });
});

describe('a filter with no match', () => {
  it('says nothing matches and offers to change or clear the filters', async () => {
    fakeFilteredFeed(0);
    const { user, router } = renderApp('/?color=Red');
    expect(await screen.findByText('Nothing matches these filters', {}, SLOW)).toBeVisible();
    expect(screen.queryByText('No posts yet')).not.toBeInTheDocument();
    expect(screen.queryByText('Create your first post!')).not.toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Change filters' });
    expect(buttons).toHaveLength(2);
    const clear = screen.getAllByRole('button', { name: 'Clear All' });
    await user.click(clear.at(-1)!);
    await waitFor(() => expect(router.location.search).toBe(''));
  });

  it('says so in Hebrew', async () => {
    await i18n.changeLanguage('he');
    fakeFilteredFeed(0);
    renderApp('/?color=Red');
    expect(await screen.findByText('אין פוסטים שמתאימים לסינון', {}, SLOW)).toBeVisible();
    expect(screen.getByText('נסו ערכים אחרים, הסירו חלק מהם או נקו את כל הסינונים.')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'שינוי הסינון' })).toHaveLength(2);
  });
});

describe('a value in the URL that is no option', () => {
  it('is neither shown as active nor sent to the server', async () => {
    const { asked } = fakeFilteredFeed();
    renderApp('/?color=Plaid&size=XXXXL&color=Black');
    expect(await screen.findByRole('button', { name: 'Remove Color: Black' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/Plaid/)).not.toBeInTheDocument();
    expect(screen.queryByText(/XXXXL/)).not.toBeInTheDocument();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    for (const params of asked) expect(filterParams(params)).toEqual(['color=Black']);
  });

  it('alone, leaves the latest posts (no filtered request at all)', async () => {
    const { asked, fetch } = fakeFilteredFeed();
    renderApp('/?color=Plaid');
    expect(await screen.findByText('Look 9', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Active Filters' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(fetch.mock.calls.some(([input]) => String(input).includes('Plaid'))).toBe(false);
  });
});

describe("the dialog's focus", () => {
  it('goes to the dialog on open, not a text box; Escape closes it and returns to the opener', async () => {
    fakeFilteredFeed();
    const { user } = renderApp('/?color=Black');
    const opener = await screen.findByRole('button', { name: 'Change filters' }, SLOW);
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Filter By...' }, SLOW);
    await waitFor(() => expect(dialog).toHaveFocus());
    expect(document.activeElement?.tagName).not.toBe('INPUT');
    // The keyboard still reaches every control from there.
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('on Explore too (Hebrew)', async () => {
    await i18n.changeLanguage('he');
    fakeFilteredFeed();
    const { user } = renderApp('/explore');
    const dialog = await openDialog(user, 'סינון');
    await waitFor(() => expect(dialog).toHaveFocus());
    expect(within(dialog).getByRole('searchbox', { name: 'חיפוש מידה' })).not.toHaveFocus();
  });
});
