import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

// Someone is signed in.
vi.mock('@/lib/load-auth-client', async () => {
  const { createFakeAuthClient, fakeSession } = await import('@/test/fake-auth-client');
  const client = createFakeAuthClient(fakeSession());
  return { loadAuthClient: async () => client };
});

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/messages', () => {
  it('says the messages could not be loaded (not "No messages yet") and loads them again on Try again', async () => {
    let failing = true;
    fakeApi({
      'GET /api/v1/conversations': () =>
        failing
          ? withStatus(500, apiErrorBody('internal', 'Internal Server Error'))
          : { items: [], nextCursor: null },
    });
    const { user } = renderApp('/messages');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Your messages could not be loaded');
    expect(screen.queryByText('No messages yet')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
