import type { Album } from '@sys/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const ALBUM_ID = '00000000-0000-4000-8000-0000000000c1';
const at = new Date().toISOString();
const album: Album = {
  id: ALBUM_ID,
  name: 'Summer',
  is_public: true,
  owner: {
    id: '00000000-0000-4000-8000-0000000000b1',
    username: 'noa.levi',
    display_name: null,
    avatar_url: null,
  },
  post_count: 2,
  images: [],
  created_at: at,
  updated_at: at,
  saved_by_me: false,
};
const serverError = () => withStatus(500, apiErrorBody('internal', 'Internal Server Error'));

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/album/{id}/posts that could not load', () => {
  it('says the album could not be loaded (not "the albums")', async () => {
    fakeApi({ [`GET /api/v1/albums/${ALBUM_ID}`]: serverError });
    renderApp(`/album/${ALBUM_ID}/posts`);
    expect(
      await screen.findByText('This album could not be loaded', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The albums could not be loaded')).not.toBeInTheDocument();
  });

  it('says its posts could not be loaded (not "No posts in this album") and loads them again on Try again', async () => {
    let failing = true;
    fakeApi({
      [`GET /api/v1/albums/${ALBUM_ID}`]: () => album,
      [`GET /api/v1/albums/${ALBUM_ID}/posts`]: () =>
        failing ? serverError() : { items: [], next_cursor: null },
    });
    const { user } = renderApp(`/album/${ALBUM_ID}/posts`);
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The posts of this album could not be loaded');
    expect(screen.queryByText('No posts in this album')).not.toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No posts in this album')).toBeInTheDocument();
  });
});
