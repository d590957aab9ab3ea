import { createSwipeEvent, type Post, type PostPage } from '@sys/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { storeLocalSwipeEvent } from '@/features/swipe/lib/swipe-storage';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { testPost } from '@/test/posts';
import SwipeMode from './swipe-mode';

const post = (n: number): Post => testPost(n, { caption: `Look ${n} #Casual` });

const HINT = 'Drag the card, or use the buttons or the arrow keys.';

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  const page: PostPage = { items: [post(1), post(2)], next_cursor: null };
  fakeApi({ 'GET /api/v1/posts': () => page });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderSwipeMode() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SwipeMode onClose={() => undefined} />
    </AppProviders>,
  );
}

describe('swipe mode hint', () => {
  it('shows for 3 s to a visitor who has never swiped here (onboarding skipped)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSwipeMode();
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(await screen.findByTestId('swipe-card')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByText(HINT)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });

  it('does not show to someone who has swiped before', async () => {
    storeLocalSwipeEvent(createSwipeEvent({ id: post(3).id, tags: [] }, 'like', Date.now()));
    renderSwipeMode();
    expect(await screen.findByTestId('swipe-card')).toBeInTheDocument();
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });
});

describe('swipe mode deck', () => {
  it("says the outfits could not be loaded (not 'No posts available') and loads them again on Try again", async () => {
    let failing = true;
    fakeApi({
      'GET /api/v1/posts': () =>
        failing
          ? withStatus(500, apiErrorBody('internal', 'Internal Server Error'))
          : { items: [post(1)], next_cursor: null },
    });
    renderSwipeMode();
    expect(await screen.findByText('Outfits could not be loaded', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('No posts available')).not.toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('swipe-card')).toBeInTheDocument();
  });
});
