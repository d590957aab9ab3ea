import { LOCAL_STORAGE_KEYS } from '@sys/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/test/files';
import { idbFiles } from '@/test/memory-idb';
import { renderApp } from '@/test/render-app';

vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));
const files = idbFiles;

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('Create Post, signed out', () => {
  it('saves the draft, files included, and goes to /auth when Publish is pressed', async () => {
    const { user, router } = renderApp('/create-post');
    await user.type(await screen.findByRole('combobox', { name: 'Caption' }), 'Guest look');
    await user.upload(screen.getByTestId('media-input'), pngFile());
    // Found, and not kept: the gallery draws its tiles anew when their controls (loaded with the first
    // photo) come, so the element found may be replaced a moment later.
    await screen.findByRole('img', { name: 'Media 1 of 1' });
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));

    await waitFor(() => expect(router.location.pathname).toBe('/auth'));
    const draft = JSON.parse(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft) ?? 'null');
    expect(draft.caption).toBe('Guest look');
    expect(draft.media).toHaveLength(1);
    expect([...files.values()].map((file) => (file as File).name)).toEqual(['look.png']);
  });
});
