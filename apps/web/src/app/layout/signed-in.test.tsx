import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

// Someone is signed in.
const fake = { client: installFakeAuthClient(fakeSession()) };

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  // A test that signed out leaves the shared store signed out: the next one starts signed in again.
  fake.client.emit('SIGNED_IN', fakeSession());
  fake.client.signOut.mockClear();
});

describe('signed in', () => {
  it('opens the post form from Create, then signs out from the header after confirming', async () => {
    const { router, user } = renderApp('/');
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    expect(screen.queryByRole('link', { name: 'SIGN UP' })).not.toBeInTheDocument();

    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'Create Post' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/create-post');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(signOut);
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    const signUp = await screen.findByRole('link', { name: 'SIGN UP' });
    // The button that opened the dialog is gone: the focus goes to what took its place.
    await waitFor(() => expect(signUp).toHaveFocus());
  });
});

describe('sign-out asks first', () => {
  const texts = {
    en: { open: 'Sign out', title: 'Sign out?', cancel: 'Cancel', confirm: 'Sign out' },
    he: { open: 'התנתקות', title: 'להתנתק?', cancel: 'ביטול', confirm: 'התנתקות' },
  } as const;

  for (const language of ['en', 'he'] as const) {
    const text = texts[language];

    it(`${language}: one tap only asks; Cancel and Escape keep the session and give the focus back`, async () => {
      await i18n.changeLanguage(language);
      const { user } = renderApp('/');
      const signOut = await screen.findByRole('button', { name: text.open });

      await user.click(signOut);
      const dialog = await screen.findByRole('alertdialog', { name: text.title });
      expect(within(dialog).getByRole('button', { name: text.confirm })).toBeInTheDocument();
      // The focus starts on the choice that changes nothing.
      const cancel = within(dialog).getByRole('button', { name: text.cancel });
      await waitFor(() => expect(cancel).toHaveFocus());
      expect(fake.client.signOut).not.toHaveBeenCalled();

      await user.click(cancel);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(signOut).toHaveFocus();

      await user.keyboard('{Enter}');
      expect(await screen.findByRole('alertdialog', { name: text.title })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(signOut).toHaveFocus();
      expect(fake.client.signOut).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: text.open })).toBeInTheDocument();
    });
  }
});
