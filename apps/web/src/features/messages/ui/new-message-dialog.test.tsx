import type { FollowListItem } from '@sys/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { NewMessageDialog } from './new-message-dialog';

installFakeAuthClient(fakeSession());

const person = (overrides: Partial<FollowListItem>): FollowListItem => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  username: 'noa.levi',
  display_name: 'Noa Levi',
  avatar_url: null,
  followed_at: new Date().toISOString(),
  is_following: true,
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
          person({ id: '00000000-0000-4000-8000-0000000000b2', username: 'maya_k', display_name: null }),
        ],
        next_cursor: null,
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

  it('offers Try again when the people I follow could not be loaded', async () => {
    window.localStorage.setItem('onboarded', 'true');
    let failing = true;
    fakeApi({
      'GET /api/v1/profiles/ada/following': () =>
        failing
          ? withStatus(500, apiErrorBody('internal', 'Internal Server Error'))
          : { items: [person({})], next_cursor: null },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <NewMessageDialog username="ada" open onOpenChange={() => undefined} onOpened={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The people you follow could not be loaded');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Noa Levi @noa.levi' })).toBeInTheDocument();
  });

  it('reaches people beyond the first page of the ones I follow', async () => {
    window.localStorage.setItem('onboarded', 'true');
    fakeApi({
      'GET /api/v1/profiles/ada/following': (url) =>
        url.searchParams.get('cursor') === 'next'
          ? {
              items: [
                person({
                  id: '00000000-0000-4000-8000-0000000000b2',
                  username: 'maya_k',
                  display_name: null,
                }),
              ],
              next_cursor: null,
            }
          : { items: [person({})], next_cursor: 'next' },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <NewMessageDialog username="ada" open onOpenChange={() => undefined} onOpened={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByRole('button', { name: 'Noa Levi @noa.levi' });
    expect(screen.queryByRole('button', { name: 'maya_k' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more people' }));
    expect(await screen.findByRole('button', { name: 'maya_k' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more people' })).not.toBeInTheDocument();
  });
});
