import type { Preferences, PreferencesEntry, PreferencesSummary } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

/* A signed-in person turns learned values up or down, or removes them (issue 17, 'Your taste'). */

installFakeAuthClient(fakeSession());

const LOADED = { timeout: 15_000 };

const emptyGroup = () => ({ tags: [], brands: [], product_brands: [], categories: [], colors: [] });

function preferences(casual: Partial<PreferencesEntry> | null): Preferences {
  const summary: PreferencesSummary = {
    event_count: 3,
    like_count: 3,
    dislike_count: 0,
    liked: {
      ...emptyGroup(),
      tags: casual ? [{ key: 'casual', label: 'casual', count: 3, ...casual }] : [],
      product_brands: [{ key: 'zara', label: 'Zara', count: 2 }],
    },
    disliked: emptyGroup(),
  };
  return { counters: { liked: {}, disliked: {} } as unknown as Preferences['counters'], summary };
}

let api: ReturnType<typeof fakeApi>;
let current: Preferences;
beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  current = preferences({});
  api = fakeApi({
    'GET /api/v1/swipes/preferences': () => current,
    'PUT /api/v1/swipes/preferences/entries': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { adjustment: string };
      current = preferences(body.adjustment === 'none' ? {} : { adjustment: body.adjustment as 'less' });
      return current;
    },
    'DELETE /api/v1/swipes/preferences/entries': () => {
      current = preferences(null);
      return current;
    },
  });
});
afterEach(() => vi.restoreAllMocks());

const requests = () =>
  api.mock.calls
    .filter(([input]) => String(input).includes('/swipes/preferences/entries'))
    .map(([input, init]) => {
      const url = new URL(String(input), window.location.origin);
      return [
        init?.method,
        `${url.pathname}${url.search}`,
        init?.body ? JSON.parse(String(init.body)) : null,
      ];
    });

describe('adjusting what swiping learned', () => {
  it('turns a style down, shows it pressed, undoes it, and removes a value', async () => {
    const { user } = renderApp('/explore/preferences');
    const less = await screen.findByRole('button', { name: 'Less like this: Casual' }, LOADED);
    expect(less).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'More like this: Casual' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(less);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Less like this: Casual' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Less like this: Casual' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Less like this: Casual' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Casual' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Casual' })).not.toBeInTheDocument(),
    );

    expect(requests()).toEqual([
      ['PUT', '/api/v1/swipes/preferences/entries', { dimension: 'tags', key: 'casual', adjustment: 'less' }],
      ['PUT', '/api/v1/swipes/preferences/entries', { dimension: 'tags', key: 'casual', adjustment: 'none' }],
      ['DELETE', '/api/v1/swipes/preferences/entries?dimension=tags&key=casual', null],
    ]);
    // The brands of the tagged products are their own group, with their own controls.
    const brands = screen.getByRole('list', { name: 'What you like: Brands' });
    expect(within(brands).getByRole('button', { name: 'More like this: Zara' })).toBeInTheDocument();
  });

  it('names every control in Hebrew', async () => {
    await changeLanguage('he');
    renderApp('/explore/preferences');
    expect(await screen.findByRole('button', { name: 'פחות כמו זה: Zara' }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'עוד כמו זה: Zara' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'הסרת Zara' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'מה שאהבתם: מותגים' })).toBeInTheDocument();
  });
});
