import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createTestRouter } from '@/test/memory-router';
import { useRegistrationPrompt } from './use-registration-prompt';

function FollowButton() {
  const { prompt, dialog } = useRegistrationPrompt();
  return (
    <>
      <button type="button" onClick={() => prompt('follow users')}>
        Follow
      </button>
      {dialog}
    </>
  );
}

function renderWithRouter() {
  const router = createTestRouter(['/']);
  render(
    <AppProviders>
      {router.wrap(
        <Routes>
          <Route path="/" element={<FollowButton />} />
          <Route path="/auth" element={<h1>Auth</h1>} />
        </Routes>,
      )}
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

describe('useRegistrationPrompt', () => {
  it("opens 'To {action}, you need to register' with the benefits; Cancel closes it", async () => {
    const { user } = renderWithRouter();
    await user.click(screen.getByRole('button', { name: 'Follow' }));

    const dialog = await screen.findByRole('dialog', { name: 'To follow users, you need to register' });
    expect(dialog).toHaveAccessibleDescription('Registration is free and takes just a minute!');
    const benefits = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(benefits).toEqual([
      'Save items and access from any device',
      'Upload content and share',
      'View full profiles',
      'Personalized recommendations',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow' })).toHaveFocus());
  });

  it("'Sign up now' goes to /auth", async () => {
    const { router, user } = renderWithRouter();
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('link', { name: 'Sign up now' }));
    await waitFor(() => expect(router.location.pathname).toBe('/auth'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
