import type { Profile } from '@sys/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { AppProviders, createQueryClient } from '@/app/providers';
import { ApiError } from '@/shared/api/api-client';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import EditProfileDialog from './edit-profile-dialog';

const upload = vi.hoisted(() => ({ media: vi.fn() }));
vi.mock('@/shared/api/upload-media', () => ({ uploadMedia: upload.media }));

const profile: Profile = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'ada',
  display_name: 'Ada',
  bio: null,
  avatar_url: null,
  size: 'M',
  chest_circumference: 90,
  waist_circumference: 75,
  hip_circumference: 95,
  measurements_public: true,
};

const taken = () =>
  withStatus(
    409,
    apiErrorBody('conflict', 'This username is already taken', [
      { field: 'body.username', message: 'This username is already taken' },
    ]),
  );

function renderDialog() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <EditProfileDialog profile={profile} open onOpenChange={() => undefined} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Edit Profile name', () => {
  it('edits the name others see, in English and Hebrew', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'PATCH /api/v1/profiles/me': (_url, init) => {
        const body = JSON.parse(String(init?.body));
        bodies.push(body);
        return { ...profile, display_name: body.display_name };
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderDialog();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Ada');
    expect(name).toHaveAttribute('dir', 'auto');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ display_name: 'Ada Lovelace', username: 'ada' });
    unmount();

    await i18n.changeLanguage('he');
    renderDialog();
    expect(screen.getByRole('textbox', { name: 'שם' })).toHaveValue('Ada');
  });
});

describe('Edit Profile errors', () => {
  it('shows a taken username on the Username field, in English as the server says it', async () => {
    fakeApi({ 'PATCH /api/v1/profiles/me': taken });
    const user = userEvent.setup();
    renderDialog();
    const username = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(username);
    await user.type(username, 'noa.levi');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Error updating profile')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('This username is already taken');
    expect(username).toHaveFocus();

    // Changing the name clears the complaint.
    await user.type(username, 'x');
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('says it in Hebrew in the Hebrew interface, on the field and in the toast', async () => {
    await i18n.changeLanguage('he');
    fakeApi({ 'PATCH /api/v1/profiles/me': taken });
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'שמירת השינויים' }));

    expect(await screen.findByText('שגיאה בעדכון הפרופיל')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'שם משתמש' })).toHaveAccessibleDescription(
      'שם המשתמש הזה כבר תפוס',
    );
    expect(screen.getAllByText('שם המשתמש הזה כבר תפוס')).toHaveLength(2);
    expect(screen.queryByText(/already taken/)).not.toBeInTheDocument();
  });

  it("says 'Invalid file type' in Hebrew when the server refuses an avatar", async () => {
    await i18n.changeLanguage('he');
    upload.media.mockRejectedValueOnce(new ApiError(415, 'unsupported_media_type', 'Invalid file type'));
    const user = userEvent.setup();
    renderDialog();
    await user.upload(
      screen.getByTestId('avatar-gallery-input'),
      new File(['not an image'], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('שגיאה בהעלאת התמונה')).toBeInTheDocument();
    expect(screen.getByText('סוג קובץ לא נתמך')).toBeInTheDocument();
    expect(screen.queryByText('Invalid file type')).not.toBeInTheDocument();
  });

  it('does not show an unknown English server message in Hebrew', async () => {
    await i18n.changeLanguage('he');
    fakeApi({
      'PATCH /api/v1/profiles/me': () => withStatus(400, apiErrorBody('validation_failed', 'Something odd')),
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'שמירת השינויים' }));
    expect(await screen.findByText('שגיאה בעדכון הפרופיל')).toBeInTheDocument();
    expect(screen.queryByText('Something odd')).not.toBeInTheDocument();
  });
});
