import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { photoPost } from '@/test/photo-post';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());

const texts = {
  en: { photo: 'Outfit by maya3, 1 of 1', like: 'Like' },
  he: { photo: 'לוק של maya3, 1 מתוך 1', like: 'לייק' },
} as const;

let liked: boolean;
let api: ReturnType<typeof fakeApi>;
const likeCalls = () =>
  api.mock.calls.filter(([input]) => String(input).endsWith('/like')).map(([, init]) => init?.method);

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  setReducedMotion(false);
  liked = false;
  api = fakeApi({
    'GET /api/v1/posts': () => ({
      items: [photoPost(3, { liked_by_me: liked, like_count: liked ? 1 : 0 })],
      next_cursor: null,
    }),
    'GET /api/v1/posts/00000000-0000-4000-8000-000000000003': () =>
      photoPost(3, { liked_by_me: liked, like_count: liked ? 1 : 0 }),
    'GET /api/v1/profiles/maya3/posts': () => ({ items: [], next_cursor: null }),
    'PUT /api/v1/posts/00000000-0000-4000-8000-000000000003/like': () => {
      liked = true;
      return { liked: true, like_count: 1 };
    },
    'DELETE /api/v1/posts/00000000-0000-4000-8000-000000000003/like': () => {
      liked = false;
      return { liked: false, like_count: 0 };
    },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('double tap on a photo', () => {
  for (const language of ['en', 'he'] as const) {
    const text = texts[language];

    it(`${language}: likes the post with a heart, and a second double tap does not unlike it`, async () => {
      await i18n.changeLanguage(language);
      const { user, router } = renderApp('/post/00000000-0000-4000-8000-000000000003');
      const photo = await screen.findByRole('img', { name: text.photo });

      await user.dblClick(photo);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: text.like })).toHaveAttribute('aria-pressed', 'true'),
      );
      expect(screen.getByTestId('double-tap-heart')).toBeInTheDocument();
      expect(likeCalls()).toEqual(['PUT']);

      await user.dblClick(photo);
      expect(screen.getByRole('button', { name: text.like })).toHaveAttribute('aria-pressed', 'true');
      expect(likeCalls()).toEqual(['PUT']);
      expect(router.location.pathname).toBe('/post/00000000-0000-4000-8000-000000000003');
    });
  }

  it('still likes, without the heart, when the person asks for reduced motion', async () => {
    setReducedMotion(true);
    const { user } = renderApp('/post/00000000-0000-4000-8000-000000000003');
    await user.dblClick(await screen.findByRole('img', { name: texts.en.photo }));
    await waitFor(() => expect(likeCalls()).toEqual(['PUT']));
    expect(screen.queryByTestId('double-tap-heart')).not.toBeInTheDocument();
  });

  it('in the feed: a double tap likes and stays; a single tap still opens the post', async () => {
    const { user, router } = renderApp('/');
    const photo = await screen.findByRole('img', { name: texts.en.photo });
    await user.dblClick(photo);
    await waitFor(() => expect(likeCalls()).toEqual(['PUT']));
    // Longer than a double tap's window: the double tap did not also open the post.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.location.pathname).toBe('/');

    await user.click(photo);
    await waitFor(() => expect(router.location.pathname).toBe('/post/00000000-0000-4000-8000-000000000003'));
  });
});
