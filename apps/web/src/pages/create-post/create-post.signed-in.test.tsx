import { LOCAL_STORAGE_KEYS } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { mp4File, pngFile } from '@/test/files';
import { idbFiles } from '@/test/memory-idb';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());

vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));
const files = idbFiles;

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('Create Post, signed in', () => {
  it('checks the form with the spec messages before publishing anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { user } = renderApp('/create-post');
    const publish = await screen.findByRole('button', { name: 'Publish Post' });
    expect(screen.getByText('0/2,200 characters')).toBeInTheDocument();

    await user.click(publish);
    expect(await screen.findAllByText('Please add at least one image or video')).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.upload(screen.getByTestId('media-input'), pngFile());
    // Found, and not kept: the gallery draws its tiles anew when their controls (loaded with the first
    // photo) come, so the element found may be replaced a moment later.
    await screen.findByRole('img', { name: 'Media 1 of 1' });
    await user.click(publish);
    const product = await screen.findByRole('group', { name: 'Product 1' });
    expect(await within(product).findByText('Please add a purchase link for each item')).toBeInTheDocument();
    expect(within(product).getByLabelText('Purchase link')).toHaveAttribute('aria-invalid', 'true');
    // Nothing was uploaded or published: only reads (the product editor's brands, the header's counts).
    const requests = fetchSpy.mock.calls.map(
      ([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url), window.location.origin).pathname}`,
    );
    expect(requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
    fetchSpy.mockRestore();
  });

  it('refuses a file that is not a photo or video by its bytes, whatever its name and type say', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { user } = renderApp('/create-post');
    const disguised = new File(['%PDF-1.7 not a photo'], 'holiday.png', { type: 'image/png' });
    await user.upload(await screen.findByTestId('media-input'), [disguised, mp4File()]);
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image or video file')).toBeInTheDocument();
    // Only the real video was added.
    expect(await screen.findByLabelText('Media 1 of 1')).toBeInstanceOf(HTMLVideoElement);
    expect(
      screen.getByText(
        "1/5 added. Up to 5 images or videos, each up to 200MB. Drag or use a photo's menu to reorder.",
        { exact: false },
      ),
    ).toBeInTheDocument();
    // Nothing was uploaded (reading lists such as the brands is not uploading).
    expect(fetchSpy.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
    fetchSpy.mockRestore();
  });

  it("refuses a product image that is not an image by its bytes with 'Please select an image file'", async () => {
    const { user } = renderApp('/create-post');
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const product = await screen.findByRole('group', { name: 'Product 1' });
    const input = within(product).getByLabelText('Upload image', { selector: 'input' });
    await user.upload(input, new File(['<svg onload=alert(1)>'], 'shoe.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    expect(within(product).queryByRole('img', { name: 'The chosen product image' })).not.toBeInTheDocument();

    await user.upload(input, pngFile('shoe.png'));
    expect(await within(product).findByRole('img', { name: 'The chosen product image' })).toBeInTheDocument();
  });

  it('keeps the typed caption and the chosen photo while the product editor loads', async () => {
    const { user } = renderApp('/create-post');
    const caption = await screen.findByRole('combobox', { name: 'Caption' });
    await user.type(caption, 'Before the product');
    await user.upload(screen.getByTestId('media-input'), pngFile());
    await screen.findByRole('img', { name: 'Media 1 of 1' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const product = await screen.findByRole('group', { name: 'Product 1' });
    await user.type(within(product).getByLabelText('Purchase link'), 'shop.example/a');
    expect(within(product).getByLabelText('Purchase link')).toHaveValue('shop.example/a');
    expect(caption).toHaveValue('Before the product');
    expect(screen.getByRole('img', { name: 'Media 1 of 1' })).toBeInTheDocument();
    // The gallery's controls arrived too, for the photo chosen before.
    expect(await screen.findByRole('button', { name: 'Options for media 1 of 1' })).toBeInTheDocument();
  });

  it('scrolls to the first problem and focuses it, whichever it is', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const { user } = renderApp('/create-post');
    const publish = await screen.findByRole('button', { name: 'Publish Post' });
    // No photo: the gallery's add button, which the error describes.
    await user.click(publish);
    const add = screen.getByRole('button', { name: /Add photos or videos/ });
    await waitFor(() => expect(add).toHaveFocus());
    expect(scrolled).toEqual([add]);
    expect(add).toHaveAccessibleDescription('Please add at least one image or video');

    // A photo, and a product without its link: the link.
    await user.upload(screen.getByTestId('media-input'), pngFile());
    await screen.findByRole('img', { name: 'Media 1 of 1' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await user.click(publish);
    const link = within(await screen.findByRole('group', { name: 'Product 1' })).getByLabelText(
      'Purchase link',
    );
    await waitFor(() => expect(link).toHaveFocus());
    expect(scrolled.at(-1)).toBe(link);
  });

  it('counts the caption and allows at most 3 styles', async () => {
    const { user } = renderApp('/create-post');
    await user.type(await screen.findByRole('combobox', { name: 'Caption' }), 'Hello');
    expect(screen.getByText('5/2,200 characters')).toBeInTheDocument();
    for (const style of ['Casual', 'Party', 'Beach'])
      await user.click(screen.getByRole('button', { name: style }));
    expect(screen.getByText(/3\/3 selected/)).toBeInTheDocument();
    // Why the others are off, shown and read with them.
    expect(screen.getByText('Up to 3 styles')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Urban' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Urban' })).toHaveAccessibleDescription('Up to 3 styles');
    await user.click(screen.getByRole('button', { name: 'Party' }));
    expect(screen.getByRole('button', { name: 'Urban' })).toBeEnabled();
  });

  it("restores a waiting draft with 'Form restored', keeps it until discarded", async () => {
    window.localStorage.setItem(
      LOCAL_STORAGE_KEYS.postDraft,
      JSON.stringify({
        version: 1,
        caption: 'My waiting look',
        styles: ['Casual'],
        media: [{ id: 'm1', type: 'image', hasFile: true }],
        items: [],
      }),
    );
    files.set('post-draft:media:m1', new File(['x'], 'look.png', { type: 'image/png' }));
    const first = renderApp('/create-post');
    expect(await screen.findByText('Form restored')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('My waiting look')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Media 1 of 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Casual' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();

    // The page is loaded again before publishing: the draft is still there, files included.
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft)).not.toBeNull();
    const { router, user } = renderApp('/create-post');
    expect(await screen.findByDisplayValue('My waiting look')).toBeInTheDocument();
    // Found, and not kept: the gallery draws its tiles anew when their controls (loaded with the first
    // photo) come, so the element found may be replaced a moment later.
    await screen.findByRole('img', { name: 'Media 1 of 1' });

    // Leaving asks; Discard forgets it.
    router.navigate('/');
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    await waitFor(() => expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft)).toBeNull());
    expect(files.size).toBe(0);
  });

  it("keeps a new post as the author's draft while it is written, and brings it back after a reload", async () => {
    const first = renderApp('/create-post');
    await first.user.upload(await screen.findByTestId('media-input'), pngFile());
    await first.user.type(screen.getByRole('combobox', { name: 'Caption' }), 'Half-written look');
    // Written a moment after typing stops (and at once when the page hides), files included.
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft) ?? '{}')).toMatchObject({
        caption: 'Half-written look',
        owner: fakeSession().user.id,
        media: [{ type: 'image', hasFile: true }],
      }),
    );
    await waitFor(() =>
      expect([...files.keys()].filter((key) => key.startsWith('post-draft:media:'))).toHaveLength(1),
    );
    first.unmount();

    const { router, user } = renderApp('/create-post');
    expect(await screen.findByText('Form restored')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Half-written look')).toBeInTheDocument();
    // Found, and not kept: the gallery draws its tiles anew when their controls (loaded with the first
    // photo) come, so the element found may be replaced a moment later.
    await screen.findByRole('img', { name: 'Media 1 of 1' });

    // Leaving offers to keep it for later; it stays stored.
    router.navigate('/');
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft) ?? '{}').caption).toBe(
      'Half-written look',
    );
    window.localStorage.removeItem(LOCAL_STORAGE_KEYS.postDraft);
    files.clear();
  });

  it("does not restore another person's draft, and keeps a form emptied again out of storage", async () => {
    window.localStorage.setItem(
      LOCAL_STORAGE_KEYS.postDraft,
      JSON.stringify({ version: 1, owner: 'someone-else', caption: 'Not yours', media: [], items: [] }),
    );
    const { user } = renderApp('/create-post');
    const caption = await screen.findByRole('combobox', { name: 'Caption' });
    expect(caption).toHaveValue('');
    expect(screen.queryByText('Form restored')).not.toBeInTheDocument();

    await user.type(caption, 'Mine');
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft) ?? '{}').caption).toBe(
        'Mine',
      ),
    );
    await user.clear(caption);
    await waitFor(() => expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft)).toBeNull());
  });
});
