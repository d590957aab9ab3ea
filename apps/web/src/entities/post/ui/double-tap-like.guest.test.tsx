import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { photoPost } from '@/test/photo-post';
import { renderApp } from '@/test/render-app';

// A visitor (no session): a double tap asks to register, as the like button does.
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  api = fakeApi({
    'GET /api/v1/posts/00000000-0000-4000-8000-000000000003': () => photoPost(3),
    'GET /api/v1/profiles/maya3/posts': () => ({ items: [], next_cursor: null }),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a visitor's double tap on a photo", () => {
  it.each([
    ['en', 'Outfit by maya3, 1 of 1', 'To like posts, you need to register'],
    ['he', 'לוק של maya3, 1 מתוך 1', 'כדי לסמן לייק לפוסטים, צריך להירשם'],
  ] as const)('%s: opens the registration prompt and likes nothing', async (language, photo, prompt) => {
    await i18n.changeLanguage(language);
    const { user } = renderApp('/post/00000000-0000-4000-8000-000000000003');
    await user.dblClick(await screen.findByRole('img', { name: photo }));
    expect(await screen.findByText(prompt)).toBeInTheDocument();
    expect(screen.queryByTestId('double-tap-heart')).not.toBeInTheDocument();
    expect(api.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
