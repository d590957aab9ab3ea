import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { hasAllMeasurements, ProfileSummary } from './profile-summary';

const base = { avatarUrl: null, displayName: null, username: 'maya', bio: null };

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ProfileSummary', () => {
  it('falls back to "Hi Gorgeous" and "Fashion stylist" on the own profile', () => {
    render(<ProfileSummary own profile={base} stats={undefined} />);
    expect(screen.getByRole('heading', { name: 'Hi Gorgeous' })).toBeInTheDocument();
    expect(screen.getByText('Fashion stylist')).toBeInTheDocument();
  });

  it('says the fallbacks in Hebrew, also when a guest profile stores them in English', async () => {
    await i18n.changeLanguage('he');
    const { unmount } = render(<ProfileSummary own profile={base} stats={undefined} />);
    expect(screen.getByRole('heading', { name: 'היי, מהממים' })).toBeInTheDocument();
    expect(screen.getByText('סטייליסט/ית אופנה')).toBeInTheDocument();
    unmount();
    render(
      <ProfileSummary
        own
        profile={{ ...base, displayName: 'Hi Gorgeous', bio: 'Fashion stylist' }}
        stats={undefined}
      />,
    );
    expect(screen.getByRole('heading', { name: 'היי, מהממים' })).toBeInTheDocument();
    expect(screen.queryByText('Hi Gorgeous')).not.toBeInTheDocument();
    expect(screen.queryByText('Fashion stylist')).not.toBeInTheDocument();
  });

  it("shows someone else's profile by its username when it has no name, never 'Hi Gorgeous'", async () => {
    const { unmount } = render(<ProfileSummary profile={base} stats={undefined} />);
    expect(screen.getByRole('heading', { name: 'maya' })).toBeInTheDocument();
    expect(screen.queryByText('Hi Gorgeous')).not.toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('he');
    render(<ProfileSummary profile={{ ...base, displayName: 'Maya Cohen' }} stats={undefined} />);
    expect(screen.getByRole('heading', { name: 'Maya Cohen' })).toBeInTheDocument();
    expect(screen.queryByText('היי, מהממים')).not.toBeInTheDocument();
  });

  it('keeps what a person wrote', async () => {
    await i18n.changeLanguage('he');
    render(
      <ProfileSummary profile={{ ...base, displayName: 'Noa', bio: 'Linen lover' }} stats={undefined} />,
    );
    expect(screen.getByRole('heading', { name: 'Noa' })).toBeInTheDocument();
    expect(screen.getByText('Linen lover')).toBeInTheDocument();
  });

  it('shows the measurements line only with all three values, and the size on its own', () => {
    render(<ProfileSummary profile={{ ...base, chest: 90, waist: 75, size: 'M' }} stats={undefined} />);
    expect(screen.queryByTestId('profile-measurements')).toBeNull();
    expect(screen.getByTestId('profile-size')).toHaveTextContent('Size M');
  });

  it('shows the counts', () => {
    render(
      <ProfileSummary
        profile={{ ...base, chest: 90, waist: 75, hip: 95 }}
        stats={{ posts_count: 3, followers_count: 12, following_count: 1 }}
      />,
    );
    expect(screen.getByTestId('profile-measurements')).toHaveTextContent('Chest 90 · Waist 75 · Hip 95 cm');
    expect(screen.getByText('12')).toBeInTheDocument();
  });

  it('needs chest, waist and hip for the line', () => {
    expect(hasAllMeasurements({ ...base, chest: 1, waist: 2, hip: 3 })).toBe(true);
    expect(hasAllMeasurements({ ...base, chest: 1, waist: 2 })).toBe(false);
  });

  it('shows an avatar from our own files only, not a link from sign-up metadata', () => {
    const own = render(
      <ProfileSummary profile={{ ...base, avatarUrl: '/media/avatars/u/a.webp' }} stats={undefined} />,
    );
    expect(screen.getByRole('img', { name: /maya/ })).toHaveAttribute('src', '/media/avatars/u/a.webp');
    own.unmount();
    const { container } = render(
      <ProfileSummary profile={{ ...base, avatarUrl: 'https://tracker.example/p.gif' }} stats={undefined} />,
    );
    expect(container.querySelector('img')).toBeNull();
  });
});
