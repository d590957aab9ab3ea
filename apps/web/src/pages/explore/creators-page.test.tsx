import type { Creator, CreatorPage } from '@sys/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

// Someone is signed in.
installFakeAuthClient(fakeSession());

const creator: Creator = {
  id: '00000000-0000-4000-8000-0000000000b1',
  username: 'noa.levi',
  display_name: 'Noa Levi',
  avatar_url: null,
  followers_count: 12,
  posts_count: 3,
  is_following: false,
};
const page: CreatorPage = { items: [creator], next_cursor: null };
const stats = { posts_count: 3, followers_count: 13, following_count: 0 };

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/explore/creators Follow', () => {
  it("says 'Following' / 'User followed successfully', like every other Follow button", async () => {
    fakeApi({
      'GET /api/v1/explore/creators': () => page,
      [`PUT /api/v1/follows/${creator.id}`]: () => ({ following: true, stats }),
    });
    const { user } = renderApp('/explore/creators');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('User followed successfully')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    // The card's count follows too: the server's 13 (it stayed at 12 while the button said Following).
    expect(within(card).getByText('13 followers')).toBeInTheDocument();
  });

  it("rolls back and says 'Failed to follow user' when the server refuses", async () => {
    fakeApi({
      'GET /api/v1/explore/creators': () => page,
      [`PUT /api/v1/follows/${creator.id}`]: () => withStatus(500, apiErrorBody('internal', 'Internal')),
    });
    const { user } = renderApp('/explore/creators');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Failed to follow user')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByText('12 followers')).toBeInTheDocument();
  });
});

describe('a creator card', () => {
  it('shows a long handle on one line, cut with an ellipsis, never broken mid-word; whole in its title', async () => {
    const long = { ...creator, username: 'amara.okafor.styles.daily' };
    fakeApi({ 'GET /api/v1/explore/creators': () => ({ items: [long], next_cursor: null }) });
    renderApp('/explore/creators');
    const name = await within(await screen.findByRole('article')).findByRole('heading', {
      name: '@amara.okafor.styles.daily',
    });
    expect(name).toHaveAttribute('title', '@amara.okafor.styles.daily');
    expect(name).toHaveClass('truncate');
    expect(name.className).not.toMatch(/overflow-wrap:anywhere|break-all|line-clamp/);
  });
});
