import { createSwipeEvent, LOCAL_STORAGE_KEYS } from '@sys/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/app/i18n';
import {
  readLocalPreferenceEntries,
  readLocalSwipeEvents,
  storeLocalSwipeEvent,
} from '@/features/swipe/lib/swipe-storage';
import { fakeApi } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

const outfit = (
  n: number,
  tags: string[],
  authorName: string,
  colors: string[],
  productBrands: string[] = [],
) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  tags,
  authorName,
  colors,
  productBrands,
});

// The screen is its own chunk, loaded on first visit: on a busy machine that takes more than a second.
const LOADED = { timeout: 15_000 };

beforeEach(() => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.onboarded, 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the preferences of a visitor (local swipes)', () => {
  it('says nothing was learned yet and leads to swiping', async () => {
    renderApp('/explore/preferences');
    expect(await screen.findByText('Nothing learned yet', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Swiping' })).toHaveAttribute('href', '/explore?swipe=1');
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
  });

  it('shows the liked and the passed styles, brands, creators and colours of the local swipes', async () => {
    storeLocalSwipeEvent(
      createSwipeEvent(outfit(1, ['casual', 'summer'], 'maya', ['Red'], ['Zara', 'H&M']), 'like', 1000),
    );
    storeLocalSwipeEvent(createSwipeEvent(outfit(2, ['Casual'], 'noa', ['Red', 'Blue']), 'like', 2000));
    storeLocalSwipeEvent(createSwipeEvent(outfit(3, ['formal'], 'dan', ['Black']), 'dislike', 3000));
    renderApp('/explore/preferences');

    expect(await screen.findByText(/Learned from 3 swipes/, {}, LOADED)).toHaveTextContent(
      '2 liked, 1 passed.',
    );
    const liked = screen.getByRole('region', { name: 'What you like' });
    const likedStyles = within(liked).getByRole('list', { name: 'What you like: Styles' });
    // The most liked first; a known style shows as the style list names it, a free hashtag as typed.
    expect(
      within(likedStyles)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Casual', '#summer']);
    expect(within(liked).getByRole('list', { name: 'What you like: Colors' })).toHaveTextContent('Red');
    // The authors and the brands of the tagged products are two groups.
    const creators = within(liked).getByRole('list', { name: 'What you like: Creators' });
    expect(
      within(creators)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['maya', 'noa']);
    const brands = within(liked).getByRole('list', { name: 'What you like: Brands' });
    expect(
      within(brands)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['H&M', 'Zara']);
    const passed = screen.getByRole('region', { name: 'What you pass on' });
    expect(within(passed).getByRole('list', { name: 'What you pass on: Styles' })).toHaveTextContent(
      'Formal',
    );
    expect(within(passed).queryByText('Casual')).not.toBeInTheDocument();
  });

  it('shows every learned value, not only the first five', async () => {
    const tags = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
    storeLocalSwipeEvent(createSwipeEvent(outfit(1, tags, 'maya', []), 'like', 1000));
    renderApp('/explore/preferences');
    const styles = await screen.findByRole('list', { name: 'What you like: Styles' }, LOADED);
    expect(within(styles).getAllByRole('listitem')).toHaveLength(7);
  });

  it('resets only after the confirmation, and then forgets the local swipes', async () => {
    storeLocalSwipeEvent(createSwipeEvent(outfit(1, ['casual'], 'maya', []), 'like', 1000));
    const { user } = renderApp('/explore/preferences');

    await user.click(await screen.findByRole('button', { name: 'Reset' }, LOADED));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset your taste?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(readLocalSwipeEvents()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Nothing learned yet')).toBeInTheDocument();
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.swipeEvents)).toBeNull();
  });

  it("turns a value down or removes it in this browser, and the guest's For you follows at once", async () => {
    const street = testPost(1, {
      caption: 'Skate park #Streetwear',
      author: { id: 'a1', username: 'street_kid', display_name: null, avatar_url: null },
    });
    const formal = testPost(2, {
      caption: 'Board meeting #Formal',
      author: { id: 'a2', username: 'office_queen', display_name: null, avatar_url: null },
    });
    fakeApi({ 'GET /api/v1/posts': () => ({ items: [formal, street], next_cursor: null }) });
    // Two street likes and one formal like: street first.
    const outfitOf = (n: number, tags: string[], authorName: string) => ({ id: `p${n}`, tags, authorName });
    storeLocalSwipeEvent(createSwipeEvent(outfitOf(1, ['Streetwear'], 'street_kid'), 'like', 1000));
    storeLocalSwipeEvent(createSwipeEvent(outfitOf(2, ['Streetwear'], 'street_kid'), 'like', 2000));
    storeLocalSwipeEvent(createSwipeEvent(outfitOf(3, ['Formal'], 'office_queen'), 'like', 3000));
    const { user, router } = renderApp('/?order=for-you');
    const forYouOrder = async () => {
      await screen.findAllByText(/Skate park|Board meeting/, {}, LOADED);
      const text = document.body.textContent ?? '';
      return text.indexOf('Skate park') < text.indexOf('Board meeting') ? 'street first' : 'formal first';
    };
    await waitFor(async () => expect(await forYouOrder()).toBe('street first'), LOADED);

    await act(async () => router.navigate('/explore/preferences'));
    const liked = await screen.findByRole('region', { name: 'What you like' }, LOADED);
    const less = within(liked).getByRole('button', { name: 'Less like this: Streetwear' });
    await user.click(less);
    await waitFor(() => expect(less).toHaveAttribute('aria-pressed', 'true'));
    await user.click(within(liked).getByRole('button', { name: 'Remove street_kid' }));
    await waitFor(() =>
      expect(within(liked).getByRole('list', { name: 'What you like: Creators' })).not.toHaveTextContent(
        'street_kid',
      ),
    );
    expect(readLocalPreferenceEntries()).toEqual([
      { dimension: 'tags', key: 'streetwear', adjustment: 'less', removed_at: null },
      { dimension: 'brands', key: 'street_kid', adjustment: null, removed_at: expect.any(String) },
    ]);
    // Kept on this device: the same after a reload of the screen.
    expect(readLocalSwipeEvents()).toHaveLength(3);

    await act(async () => router.navigate('/?order=for-you'));
    await waitFor(async () => expect(await forYouOrder()).toBe('formal first'), LOADED);
  });

  it('is in Hebrew when Hebrew is chosen', async () => {
    await changeLanguage('he');
    storeLocalSwipeEvent(createSwipeEvent(outfit(1, ['casual'], 'maya', []), 'like', 1000));
    renderApp('/explore/preferences');
    expect(await screen.findByRole('heading', { level: 1, name: 'הטעם שלכם' }, LOADED)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'מה שאהבתם' })).toBeInTheDocument();
  });
});

describe('the old address /explore/taste', () => {
  it('lands on /explore/preferences, replacing the old address', async () => {
    const { router } = renderApp('/explore/taste');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your taste' }, LOADED)).toBeInTheDocument();
    expect(router.location.pathname).toBe('/explore/preferences');
    expect(router.action).toBe('REPLACE');
  });

  it('is skipped by Back: a link to it leaves the screen it came from one step back', async () => {
    // Explore's own lists are not what this test is about: the data API answers 404.
    fakeApi({});
    const { router } = renderApp('/explore');
    await act(async () => router.navigate('/explore/taste'));
    await waitFor(() => expect(router.location.pathname).toBe('/explore/preferences'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your taste' }, LOADED)).toBeInTheDocument();
    await act(async () => router.navigate(-1));
    await waitFor(() => expect(router.location.pathname).toBe('/explore'));
  });
});
