import type { Post, PostPage, WishlistSummary } from '@sys/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import type { PostFeedData } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { testPost } from '@/test/posts';
import SwipeMode from './swipe-mode';

/* A like-swipe of a signed-in user saves the post through the save button's cache path (issue 17). */

const session = fakeSession();
installFakeAuthClient(session);
const viewer = session.user.id;

const post = (n: number): Post => testPost(n, { caption: `Look ${n} #Casual` });
const first = post(1);

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  api = fakeApi({
    'GET /api/v1/swipes/deck': () => ({ items: [first, post(2)] }),
    'POST /api/v1/swipes': () => ({ inserted: 1, duplicates: 0, skipped: 0 }),
    [`PUT /api/v1/posts/${first.id}/save`]: () => ({ saved: true }),
  });
});
afterEach(() => vi.restoreAllMocks());

describe('a like-swipe', () => {
  it('saves the post in every cached copy and invalidates the wishlist at once', async () => {
    const queryClient = createQueryClient();
    const wishlist: WishlistSummary = {
      posts: { items: [], total: 0 },
      products: { items: [], total: 0 },
      albums: { items: [], total: 0 },
    } as unknown as WishlistSummary;
    queryClient.setQueryData(wishlistKeys.summary('', viewer), wishlist);
    const feed: PostFeedData = {
      pages: [{ items: [{ ...first, saved_by_me: false }], next_cursor: null } as PostPage],
      pageParams: [undefined],
    };
    queryClient.setQueryData(postKeys.feed({ kind: 'home' }, viewer), feed);
    expect(queryClient.getQueryState(wishlistKeys.summary('', viewer))?.isInvalidated).toBe(false);

    render(
      <AppProviders queryClient={queryClient}>
        <SwipeMode onClose={() => undefined} />
      </AppProviders>,
    );
    await screen.findByTestId('swipe-card');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Like this outfit' }));

    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([input, init]) => String(input).endsWith(`/posts/${first.id}/save`) && init?.method === 'PUT',
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(queryClient.getQueryState(wishlistKeys.summary('', viewer))?.isInvalidated).toBe(true),
    );
    const cached = queryClient.getQueryData<PostFeedData>(postKeys.feed({ kind: 'home' }, viewer));
    expect(cached?.pages[0]?.items[0]?.saved_by_me).toBe(true);
  });
});
