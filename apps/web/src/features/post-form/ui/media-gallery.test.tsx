import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import type { MediaDraft } from '../lib/post-form-model';
import { MediaGallery } from './media-gallery';

const photo = (id: string): MediaDraft => ({ id, type: 'image', previewUrl: `blob:${id}` });

/** The gallery with its own list, as the form holds it. */
function Gallery({ initial, onChange }: { initial: MediaDraft[]; onChange?: (media: MediaDraft[]) => void }) {
  const [media, setMedia] = useState(initial);
  return (
    <MediaGallery
      media={media}
      onChange={(next) => {
        onChange?.(next);
        setMedia(next);
      }}
    />
  );
}

function renderGallery(initial: MediaDraft[], onChange?: (media: MediaDraft[]) => void) {
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <Gallery initial={initial} onChange={onChange} />
    </AppProviders>,
  );
  return { ...view, user: userEvent.setup() };
}

describe('MediaGallery', () => {
  it('shows the photos at once, then their menu, which moves and removes them', async () => {
    const onChange = vi.fn<(media: MediaDraft[]) => void>();
    const { user } = renderGallery([photo('a'), photo('b')], onChange);
    // The tiles are there before the reordering code (dnd-kit, the menu) has arrived.
    expect(screen.getByRole('img', { name: 'Media 1 of 2' })).toHaveAttribute('src', 'blob:a');
    expect(screen.getByRole('img', { name: 'Media 2 of 2' })).toHaveAttribute('src', 'blob:b');

    await user.click(await screen.findByRole('button', { name: 'Options for media 1 of 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move media 1 later' }));
    expect(onChange).toHaveBeenLastCalledWith([photo('b'), photo('a')]);
    expect(screen.getByRole('img', { name: 'Media 1 of 2' })).toHaveAttribute('src', 'blob:b');

    await user.click(screen.getByRole('button', { name: 'Options for media 2 of 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove media 2' }));
    expect(onChange).toHaveBeenLastCalledWith([photo('b')]);
    expect(screen.getByRole('img', { name: 'Media 1 of 1' })).toHaveAttribute('src', 'blob:b');
  });

  it('gives each photo a drag handle that the keyboard can pick up', async () => {
    renderGallery([photo('a'), photo('b')]);
    const handle = await screen.findByRole('button', { name: 'Drag media 2 of 2' });
    // dnd-kit's keyboard sensor: space or enter picks it up, with instructions read out.
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(handle).toHaveAccessibleDescription(/To pick up a photo or video, press space or enter/);
  });

  it('keeps the focus on the add button when the first photo brings the tile controls', async () => {
    const queryClient = createQueryClient();
    const { rerender } = render(
      <AppProviders queryClient={queryClient}>
        <MediaGallery media={[]} onChange={() => undefined} />
      </AppProviders>,
    );
    screen.getByRole('button', { name: 'Add photos or videos' }).focus();
    rerender(
      <AppProviders queryClient={queryClient}>
        <MediaGallery media={[photo('a')]} onChange={() => undefined} />
      </AppProviders>,
    );
    await screen.findByRole('button', { name: 'Options for media 1 of 1' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add photos or videos' })).toHaveFocus());
  });
});
