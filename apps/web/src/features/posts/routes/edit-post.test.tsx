import type { Post } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/load-auth-client', async () => {
  const { createFakeAuthClient, fakeSession } = await import('@/test/fake-auth-client');
  const client = createFakeAuthClient(fakeSession());
  return { loadAuthClient: async () => client };
});

const at = new Date().toISOString();
// Mine: the author is the signed-in user of fakeSession().
const post: Post = {
  id: '00000000-0000-4000-8000-0000000000a1',
  caption: 'Linen day',
  mediaUrl: '/media/look.jpg',
  mediaType: 'image',
  visibility: 'public',
  createdAt: at,
  updatedAt: at,
  author: { id: '00000000-0000-4000-8000-000000000001', username: 'ada', displayName: null, avatarUrl: null },
  media: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      url: '/media/look.jpg',
      type: 'image',
      order: 0,
      width: 800,
      height: 1000,
      placeholder: null,
      variants: [],
    },
  ],
  items: [],
  likeCount: 0,
  commentCount: 0,
  likedByMe: false,
  savedByMe: false,
  followingAuthor: false,
};

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  fakeApi({ [`GET /api/v1/posts/${post.id}`]: () => post });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openEditor() {
  const view = renderApp(`/edit-post/${post.id}`);
  await screen.findByRole('button', { name: 'Save Changes' }, { timeout: 8000 });
  return view;
}

describe('Edit Post, leaving', () => {
  it('asks before throwing unsaved changes away; Keep editing keeps them, Discard leaves', async () => {
    const { router, user } = await openEditor();
    const caption = screen.getByRole('textbox', { name: 'Caption' });
    await user.type(caption, ' and sandals');

    await user.click(screen.getByRole('button', { name: 'Go back' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    expect(router.state.location.pathname).toBe(`/edit-post/${post.id}`);

    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Caption' })).toHaveValue('Linen day and sandals');

    await user.click(screen.getByRole('button', { name: 'Go back' }));
    const again = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    // Left the editor (for /profile, which may send on elsewhere in this test's bare API).
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/edit-post/${post.id}`));
  });

  it('leaves at once when nothing was changed', async () => {
    const { router, user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    // Left the editor (for /profile, which may send on elsewhere in this test's bare API).
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/edit-post/${post.id}`));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
