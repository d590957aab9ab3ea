import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { AppProviders, createQueryClient } from '@/app/providers';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { useDeletePost } from './use-delete-post';

vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useNavigate: () => vi.fn(),
}));

const POST_ID = '00000000-0000-4000-8000-0000000000aa';

function Probe({ onReady }: { onReady: (remove: (id: string) => void) => void }) {
  onReady(useDeletePost().remove);
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useDeletePost', () => {
  it("says 'Failed to delete post.' with the reason in Hebrew, not the server's English", async () => {
    await i18n.changeLanguage('he');
    fakeApi({
      [`DELETE /api/v1/posts/${POST_ID}`]: () =>
        withStatus(403, apiErrorBody('forbidden', 'You can only edit your own posts')),
    });
    let remove: (id: string) => void = () => undefined;
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Probe onReady={(fn) => (remove = fn)} />
      </AppProviders>,
    );
    act(() => remove(POST_ID));
    expect(await screen.findByText('מחיקת הפוסט נכשלה.')).toBeInTheDocument();
    expect(screen.getByText('אפשר לערוך רק את הפוסטים שלכם')).toBeInTheDocument();
    expect(screen.queryByText('You can only edit your own posts')).not.toBeInTheDocument();
  });
});
