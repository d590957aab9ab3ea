import { LOCAL_STORAGE_KEYS } from '@sys/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.onboarded, 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the filtered home feed', () => {
  it("says '1,000+' when the server answers total_capped", async () => {
    fakeApi({
      'GET /api/v1/posts/filtered': () => ({
        items: [testPost(1)],
        next_cursor: null,
        total: 1000,
        total_capped: true,
      }),
    });
    renderApp('/?color=Red');
    expect(await screen.findByText('Showing 1,000+ filtered results', {}, { timeout: 15_000 })).toBeVisible();
  });

  it('says the exact count below the cap', async () => {
    fakeApi({
      'GET /api/v1/posts/filtered': () => ({
        items: [testPost(1)],
        next_cursor: null,
        total: 1,
        total_capped: false,
      }),
    });
    renderApp('/?color=Red');
    expect(await screen.findByText('Showing 1 filtered result', {}, { timeout: 15_000 })).toBeVisible();
  });
});
