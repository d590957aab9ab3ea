import type { CreatorPage, ExploreBrandList, TrendingPage } from '@sys/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const serverError = () => withStatus(500, apiErrorBody('internal', 'Internal Server Error'));

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers `failure` until `recover()`, then `answer`. */
function failingThen<T>(answer: T) {
  let failing = true;
  return {
    handler: () => (failing ? serverError() : answer),
    recover: () => {
      failing = false;
    },
  };
}

describe('explore sub-pages that could not load', () => {
  const brands: ExploreBrandList = {
    items: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Zara', item_count: 3 }],
  };
  const trending: TrendingPage = { items: [], next_cursor: null };
  const creators: CreatorPage = { items: [], next_cursor: null };

  for (const [path, endpoint, answer, loaded] of [
    ['/explore/brands', 'GET /api/v1/explore/brands', brands, 'Zara'],
    ['/explore/trending', 'GET /api/v1/explore/trending', trending, 'No trending products this week'],
    ['/explore/creators', 'GET /api/v1/explore/creators', creators, 'No creators yet'],
  ] as const) {
    it(`${path} says so and loads again on Try again`, async () => {
      const api = failingThen(answer);
      fakeApi({ [endpoint]: api.handler });
      const { user } = renderApp(path);
      expect(
        await screen.findByText('This list could not be loaded', {}, { timeout: 8000 }),
      ).toBeInTheDocument();
      api.recover();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText(loaded)).toBeInTheDocument();
      expect(screen.queryByText('This list could not be loaded')).not.toBeInTheDocument();
    });
  }

  it('in Hebrew too', async () => {
    await i18n.changeLanguage('he');
    fakeApi({ 'GET /api/v1/explore/brands': serverError });
    renderApp('/explore/brands');
    expect(await screen.findByText('לא הצלחנו לטעון את הרשימה', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'נסו שוב' })).toBeInTheDocument();
  });
});

describe('/explore/brands without brands', () => {
  it("says 'No brands yet'", async () => {
    fakeApi({ 'GET /api/v1/explore/brands': () => ({ items: [] }) });
    renderApp('/explore/brands');
    expect(await screen.findByText('No brands yet')).toBeInTheDocument();
  });
});
