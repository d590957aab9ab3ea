import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

describe('language switch', () => {
  it('switches to Hebrew: right-to-left document, Hebrew texts, choice remembered', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'SYS' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en');

    await user.click(screen.getByRole('button', { name: 'Change language' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'עברית' }));

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'he');
    expect(window.localStorage.getItem('lang')).toBe('he');
    expect(screen.getByRole('navigation', { name: 'ראשי' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'גילוי' })).toBeInTheDocument();
    expect(
      screen.getByText('שתפו את הסטייל שלכם, קהילת אופנה להשראה מעולה ולוקים חדשים'),
    ).toBeInTheDocument();

    // And back.
    await user.click(screen.getByRole('button', { name: 'שינוי שפה' }));
    const hebrewMenu = await screen.findByRole('menu');
    await user.click(within(hebrewMenu).getByRole('menuitemradio', { name: 'English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(screen.getByRole('link', { name: 'Explore' })).toBeInTheDocument();
  });
});
