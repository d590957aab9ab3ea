import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { testPost } from '@/test/posts';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());

// The delete dialog's code (loaded when it first opens) arrives only when the test lets it: a phone on a
// slow network, or a busy CI machine.
const dialogCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('@/features/post-form/ui/delete-post-dialog', async (importOriginal) => {
  await dialogCode.arrived;
  return importOriginal();
});

// The signed-in user's own post (test post 1's author is the fake session's user).
const post = testPost(1, { caption: 'My look', items: [] });

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  // What auth-js stores with a session. Without it the app knows at once that nobody is signed in, and
  // the screen sets off for /auth before the fake client reports the session; that navigation waits for
  // the sign-in screen's code and can land mid-test, taking the form (and its dialog) away.
  window.localStorage.setItem('sys-auth', '{}');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Edit Post, deleting', () => {
  it("goes to the profile with only 'Post deleted', never reloading the deleted post", async () => {
    let deleted = false;
    const requests: string[] = [];
    fakeApi({
      [`GET /api/v1/posts/${post.id}`]: () => {
        requests.push(deleted ? 'GET after delete' : 'GET');
        return deleted ? withStatus(404, apiErrorBody('not_found', 'Post not found')) : post;
      },
      [`DELETE /api/v1/posts/${post.id}`]: () => {
        deleted = true;
        requests.push('DELETE');
        return withStatus(204);
      },
    });
    const { user, router } = renderApp(`/edit-post/${post.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete Post' }));
    // The dialog's code is still on its way: nothing yet, and the tap is not lost when it comes later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.location.pathname).toBe(`/edit-post/${post.id}`);
    dialogCode.arrive();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/profile'));
    // The deleted post was not asked for again: that answer (404) sent the screen home with 'Post not found'.
    expect(requests).toContain('DELETE');
    expect(requests).not.toContain('GET after delete');
    expect(screen.queryByText('Post not found')).not.toBeInTheDocument();
  });
});
