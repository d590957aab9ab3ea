import type { CategoryPage } from '@sys/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const empty = (category: string): CategoryPage => ({
  category,
  items: [],
  total: 0,
  total_capped: false,
  next_cursor: null,
});

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  fakeApi({
    'GET /api/v1/explore/categories/plus%20size': () => empty('plus size'),
    'GET /api/v1/explore/categories/casual': () => empty('casual'),
    'GET /api/v1/explore/categories/zzqxv': () => empty('zzqxv'),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/explore/category/{category} title', () => {
  it("is the style list's spelling of the lower-case address", async () => {
    renderApp('/explore/category/plus%20size');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plus Size Style' })).toBeInTheDocument();
  });

  it('is translated in Hebrew, as the chips and filters name the style', async () => {
    await i18n.changeLanguage('he');
    renderApp('/explore/category/casual');
    expect(await screen.findByRole('heading', { level: 1, name: 'סגנון יומיומי' })).toBeInTheDocument();
  });

  it('keeps the address text for a category not in the style list', async () => {
    renderApp('/explore/category/zzqxv');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zzqxv Style' })).toBeInTheDocument();
    expect(await screen.findByText('No posts found for this category')).toBeInTheDocument();
  });
});
