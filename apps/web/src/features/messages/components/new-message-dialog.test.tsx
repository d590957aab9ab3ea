import type { FollowListItem } from '@sys/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { fakeApi } from '@/test/fake-api';
import { NewMessageDialog } from './new-message-dialog';

vi.mock('@/lib/load-auth-client', async () => {
  const { createFakeAuthClient, fakeSession } = await import('@/test/fake-auth-client');
  const client = createFakeAuthClient(fakeSession());
  return { loadAuthClient: async () => client };
});

const person = (overrides: Partial<FollowListItem>): FollowListItem => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  username: 'noa.levi',
  displayName: 'Noa Levi',
  avatarUrl: null,
  followedAt: new Date().toISOString(),
  isFollowing: true,
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NewMessageDialog', () => {
  it('shows each person once: the display name over the @username, or the username alone', async () => {
    window.localStorage.setItem('onboarded', 'true');
    fakeApi({
      'GET /api/v1/profiles/ada/following': () => ({
        items: [
          person({}),
          person({ id: '00000000-0000-4000-8000-0000000000b2', username: 'maya_k', displayName: null }),
        ],
        nextCursor: null,
      }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <NewMessageDialog username="ada" open onOpenChange={() => undefined} onOpened={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Noa Levi @noa.levi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'maya_k' })).toBeInTheDocument();
    expect(screen.getAllByText(/maya_k/)).toHaveLength(1);
  });
});
