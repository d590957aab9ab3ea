import type { UploadResponse } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-client';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { pngFile } from '@/test/files';
import { idbFiles } from '@/test/memory-idb';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());

const upload = vi.hoisted(() => ({ media: vi.fn() }));
vi.mock('@/shared/api/upload-media', () => ({ uploadMedia: upload.media }));
vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));

const stored = (name: string): UploadResponse => ({
  path: `post-media/u/${name}`,
  public_url: `/media/post-media/u/${name}`,
  mime_type: 'image/png',
  type: 'image',
  size: 16,
  width: 10,
  height: 10,
  placeholder: null,
  variants: [],
});

/** Every file is stored under its own name, except those given here, which fail with their error. */
function uploadsByName(failing: Record<string, Error> = {}) {
  upload.media.mockImplementation(async (file: File) => {
    const error = failing[file.name];
    if (error) throw error;
    return stored(file.name);
  });
}

const uploadsOf = (name: string) => upload.media.mock.calls.filter(([file]) => (file as File).name === name);

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  upload.media.mockReset();
  // Every file is stored, under its own name, unless a test says otherwise.
  uploadsByName();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The form with one photo and one product (link and its own image). */
async function fillForm(link = 'https://shop.example/dress') {
  const view = renderApp('/create-post');
  const { user } = view;
  await user.upload(await screen.findByTestId('media-input'), pngFile('look.png'));
  await screen.findByRole('img', { name: 'Media 1 of 1' });
  await user.click(screen.getByRole('button', { name: 'Add Product' }));
  // The product editor's code loads with the first product.
  const product = await screen.findByRole('group', { name: 'Product 1' });
  await user.type(within(product).getByLabelText('Purchase link'), link);
  await user.upload(
    within(product).getByLabelText('Upload image', { selector: 'input' }),
    pngFile('dress.png'),
  );
  await within(product).findByRole('img', { name: 'The chosen product image' });
  return view;
}

describe('Create Post, publishing', () => {
  it('clears the media error as soon as a photo is added', async () => {
    const { user } = renderApp('/create-post');
    await user.click(await screen.findByRole('button', { name: 'Publish Post' }));
    const gallery = screen.getByRole('region', { name: 'Media Gallery' });
    expect(await within(gallery).findByText('Please add at least one image or video')).toBeInTheDocument();
    await user.upload(screen.getByTestId('media-input'), pngFile());
    await within(gallery).findByRole('img', { name: 'Media 1 of 1' });
    expect(within(gallery).queryByText('Please add at least one image or video')).not.toBeInTheDocument();
  });

  it("says which photo could not be uploaded ('File upload error'), and why", async () => {
    uploadsByName({ 'look.png': new ApiError(415, 'unsupported_media_type', 'Invalid file type') });
    const api = fakeApi({});
    const { user } = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText('File upload error')).toBeInTheDocument();
    expect(
      screen.getByText('Photo or video 1 (\u2068look.png\u2069) could not be uploaded. Invalid file type'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Post creation error')).not.toBeInTheDocument();
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("says 'Upload failed' for a product's image, naming the product, when picked and when publishing", async () => {
    uploadsByName({ 'dress.png': new ApiError(0, 'network_error', 'Failed to fetch') });
    const api = fakeApi({});
    const { user } = await fillForm();
    // The image goes up as soon as it is picked, so the failure shows at once.
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(
      screen.getByText('Product 1: Something went wrong while uploading your image'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Image uploaded')).not.toBeInTheDocument();
    // Publishing tries it once more, and stops there: no post without the image the person chose.
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    await waitFor(() => expect(uploadsOf('dress.png')).toHaveLength(2));
    expect(await screen.findAllByText('Upload failed')).not.toHaveLength(0);
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("uploads a product's image when it is picked ('Image uploaded'), and publishing does not send it again", async () => {
    uploadsByName();
    const api = fakeApi({ 'POST /api/v1/posts': () => ({ id: '00000000-0000-4000-8000-0000000000a1' }) });
    const { user, router } = await fillForm();
    expect(await screen.findByText('Image uploaded')).toBeInTheDocument();
    expect(uploadsOf('dress.png')).toHaveLength(1);
    // Until it is published, the form waits as the author's draft, its photo and product image included.
    await waitFor(() => expect(window.localStorage.getItem('postDraft')).not.toBeNull());
    await waitFor(() => expect(idbFiles.size).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    expect(uploadsOf('dress.png')).toHaveLength(1);
    expect(uploadsOf('look.png')).toHaveLength(1);
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    const [, init] = api.mock.calls.find(([, options]) => options?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body)).items[0].image_url).toBe('/media/post-media/u/dress.png');
    // Published: the draft is gone, files and all.
    expect(window.localStorage.getItem('postDraft')).toBeNull();
    await waitFor(() => expect(idbFiles.size).toBe(0));
  });

  it("takes 'zara.com/item' as 'https://zara.com/item', in the field and in what is published", async () => {
    uploadsByName();
    const api = fakeApi({ 'POST /api/v1/posts': () => ({ id: '00000000-0000-4000-8000-0000000000a3' }) });
    const { user, router } = await fillForm('zara.com/item');
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Please add a purchase link for each item')).not.toBeInTheDocument();
    const [, init] = api.mock.calls.find(([, options]) => options?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body)).items[0].link).toBe('https://zara.com/item');
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('says what is wrong with a link that is there but not a web address', async () => {
    const api = fakeApi({});
    const { user } = await fillForm('ftp://shop.example/dress');
    const product = await screen.findByRole('group', { name: 'Product 1' });
    const link = within(product).getByLabelText('Purchase link');
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(
      await within(product).findByText('A purchase link must be a web address (http or https)'),
    ).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    await user.clear(link);
    await user.type(link, 'dress');
    expect(
      await within(product).findByText(
        'This purchase link is not a valid web address, for example shop.com/item',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Please add a purchase link for each item')).not.toBeInTheDocument();
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('says which products the server saved without their image', async () => {
    uploadsByName();
    fakeApi({
      'POST /api/v1/posts': () => ({
        id: '00000000-0000-4000-8000-0000000000a2',
        dropped_item_images: [
          { index: 0, url: 'https://shop.example/dress.jpg', reason: 'The link is not an image' },
        ],
      }),
    });
    const { user, router } = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Product image not saved')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Product 1: its image link could not be loaded as an image, so the product was saved without one. You can upload an image instead.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });
});
