import { createGuestProfile, LOCAL_STORAGE_KEYS } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.onboarded, 'true');
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.isGuestUser, 'true');
  window.localStorage.setItem(
    LOCAL_STORAGE_KEYS.guestProfile,
    JSON.stringify({ ...createGuestProfile(), bio: 'Lover of vintage denim and sunsets' }),
  );
});

describe('own profile of a guest', () => {
  it('shows the local guest profile with 0/0/0 counts and the bio cut to 20 characters', async () => {
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Hi Gorgeous' })).toBeInTheDocument();
    expect(screen.getByText('Lover of vintage den...')).toBeInTheDocument();
    const counts = screen.getByRole('region', { name: 'Profile details' });
    expect(within(counts).getAllByText('0')).toHaveLength(3);
    expect(screen.getByTestId('profile-measurements')).toHaveTextContent(
      /Chest \d+ · Waist \d+ · Hip \d+ cm/,
    );
    expect(screen.getByText('Monetize Your Style')).toBeInTheDocument();
    expect(screen.getByText('COMING SOON')).toBeInTheDocument();
  });

  it('sends Edit Profile to /auth with the toast "Sign in required"', async () => {
    const { user, router } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await waitFor(() => expect(router.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Sign in required')).toBeInTheDocument();
  });

  it('opens the Registration Required dialog for Create new album', async () => {
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Albums' }));
    await user.click(await screen.findByRole('button', { name: 'Create new album' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('To create albums, you need to register');
  });

  const texts = {
    en: { edit: 'Edit Profile', share: 'Share Profile', messages: 'Messages', toast: 'Sign in required' },
    he: { edit: 'עריכת פרופיל', share: 'שיתוף פרופיל', messages: 'הודעות', toast: 'נדרשת התחברות' },
  } as const;
  for (const language of ['en', 'he'] as const) {
    const text = texts[language];
    // The spec: Edit, Share and Messages show toast 'Sign in required' (destructive, 2 s) and go to /auth.
    // Messages is both the page's button and the header's icon on this screen: both must agree.
    it.each([
      ['page', 'edit'],
      ['page', 'share'],
      ['page', 'messages'],
      ['header', 'messages'],
    ] as const)(
      `${language}: the %s's %s button says "Sign in required" and goes to /auth`,
      async (where, which) => {
        await i18n.changeLanguage(language);
        const { user, router } = renderApp('/profile');
        await screen.findByRole('button', { name: text.edit });
        const header = screen.getByRole('banner');
        const buttons = [
          ...screen.queryAllByRole('button', { name: text[which] }),
          ...screen.queryAllByRole('link', { name: text[which] }),
        ].filter((button) => header.contains(button) === (where === 'header'));
        expect(buttons).toHaveLength(1);
        await user.click(buttons[0]!);
        await waitFor(() => expect(router.location.pathname).toBe('/auth'));
        const toast = (await screen.findByText(text.toast)).closest('[data-sonner-toast]');
        expect(toast).toHaveAttribute('data-type', 'error');
      },
    );
  }
});
