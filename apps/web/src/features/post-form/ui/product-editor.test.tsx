import { type Brand, DEFAULT_BRANDS } from '@sys/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { AppProviders, createQueryClient } from '@/app/providers';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { brandKeys } from '../api/get-brands';
import { emptyItem, type ItemDraft } from '../lib/post-form-model';
import { type CustomLists, ProductEditor } from './product-editor';
import { ProductEditorSkeleton } from './product-editor-skeleton';

// Someone is signed in: custom brands are stored on the server.
installFakeAuthClient(fakeSession());

afterEach(() => {
  vi.restoreAllMocks();
});

const brand = (name: string, usageCount: number, n: number): Brand => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  usage_count: usageCount,
});

const noLists: CustomLists = {
  customBrands: [],
  customSizes: [],
  customColors: [],
  customPatterns: [],
  customTypes: [],
};

function renderEditor(item: ItemDraft = emptyItem(), lists: CustomLists = noLists) {
  const onChange = vi.fn<(patch: Partial<ItemDraft>) => void>();
  const onAddCustom = vi.fn();
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <ProductEditor
        item={item}
        index={0}
        lists={lists}
        onAddCustom={onAddCustom}
        onChange={onChange}
        onRemove={() => undefined}
        canScrape
        onRequireAccount={() => undefined}
      />
    </AppProviders>,
  );
  return { user: userEvent.setup(), onChange, onAddCustom, queryClient };
}

async function brandOptions(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: 'Brand' }));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  return names;
}

describe('the post form brands', () => {
  it('lists the default brands first, in the spec order, then the others by usage', async () => {
    fakeApi({
      'GET /api/v1/brands': () => ({
        items: [brand('Zara', 40, 1), brand('Uniqlo', 12, 2), brand('h&m', 9, 3), brand('Shein', 3, 4)],
      }),
    });
    const { user, queryClient } = renderEditor();
    await waitFor(() => expect(queryClient.getQueryData(brandKeys.all)).toBeDefined());
    expect(await brandOptions(user)).toEqual([...DEFAULT_BRANDS, 'Uniqlo', 'Shein', '+ Add custom brand']);
  });

  it("falls back to the default brands and says 'Failed to fetch brands'", async () => {
    fakeApi({
      'GET /api/v1/brands': () => withStatus(500, apiErrorBody('internal', 'Internal Server Error')),
    });
    const { user } = renderEditor();
    expect(await screen.findByText('Failed to fetch brands')).toBeInTheDocument();
    expect(await brandOptions(user)).toEqual([...DEFAULT_BRANDS, '+ Add custom brand']);
  });

  it('keeps a custom brand in the form only: nothing is stored before the post is published', async () => {
    const api = fakeApi({ 'GET /api/v1/brands': () => ({ items: [] }) });
    const { user, onChange, onAddCustom, queryClient } = renderEditor();
    await brandOptions(user);
    await user.click(screen.getByRole('option', { name: '+ Add custom brand' }));
    const input = await screen.findByPlaceholderText('Custom brand');
    // The text entry takes the whole row of the two-column grid.
    expect(input.closest('.col-span-2')).not.toBeNull();
    await user.type(input, 'Maison Kitsune{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ brand: 'Maison Kitsune' });
    expect(onAddCustom).toHaveBeenCalledWith('customBrands', 'Maison Kitsune');
    // No write was started (a mutation joins the cache when it starts), and only the list was read.
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    expect(api.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['GET']);
  });
});

describe('a custom brand', () => {
  it('shows once in the field and once in the list when the brands list has it too', async () => {
    // The form's own brand, which the brands list (loaded later, or added by a scrape) also names.
    fakeApi({ 'GET /api/v1/brands': () => ({ items: [brand('Maison Kitsune', 1, 5)] }) });
    const { user, queryClient } = renderEditor(
      { ...emptyItem(), brand: 'Maison Kitsune' },
      { ...noLists, customBrands: ['maison kitsune', 'Maison Kitsune'] },
    );
    await waitFor(() => expect(queryClient.getQueryData(brandKeys.all)).toBeDefined());
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveTextContent(/^Maison Kitsune$/);
    const options = await brandOptions(user);
    expect(options.filter((name) => name.toLowerCase() === 'maison kitsune')).toEqual(['Maison Kitsune']);
  });
});

describe('reading the product page', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  const failing = (code: string) =>
    fakeApi({
      'GET /api/v1/brands': () => ({ items: [] }),
      'POST /functions/v1/scrape-product': () => ({ success: false, error: 'In English', code }),
    });

  it("keeps the spec's failure text and adds why, in the user's language", async () => {
    failing('shop_unreachable');
    const { user } = renderEditor({ ...emptyItem(), link: 'https://shop.example/dress' });
    await user.click(screen.getByRole('button', { name: 'Get the details of product 1 from its link' }));
    expect(
      await screen.findByText(
        'Failed to scrape product data. Please enter details manually. The shop did not answer.',
      ),
    ).toBeInTheDocument();
  });

  it('says why in Hebrew too', async () => {
    await i18n.changeLanguage('he');
    failing('no_product_details');
    const { user } = renderEditor({ ...emptyItem(), link: 'https://shop.example/dress' });
    await user.click(screen.getByRole('button', { name: 'קבלת הפרטים של מוצר 1 מהקישור שלו' }));
    expect(
      await screen.findByText('לא הצלחנו לקלוט את נתוני המוצר. מלאו את הפרטים ידנית. בדף אין פרטי מוצר.'),
    ).toBeInTheDocument();
  });
});

describe('the product image picker', () => {
  it("shows the scraper's candidates from our /media, and never loads a shop's link", () => {
    fakeApi({ 'GET /api/v1/brands': () => ({ items: [] }) });
    renderEditor({
      ...emptyItem(),
      link: 'https://shop.example/dress',
      // An old draft's candidates may still hold the shop's own links.
      availableImages: ['/media/post-media/u/scraped-1.jpg', 'https://shop.example/dress-back.jpg'],
      selectedImageIndex: 1,
      imageUrl: 'https://shop.example/dress-back.jpg',
    });
    const candidates = screen.getByRole('list', { name: "Images found on the shop's page" });
    expect(within(candidates).getAllByRole('button')).toHaveLength(2);
    const sources = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/media/post-media/u/scraped-1.jpg']);
    // The chosen one is the shop's link: a placeholder stands in for it, and Remove image still works.
    expect(screen.queryByRole('img', { name: 'The chosen product image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('shows a chosen image that is our own media', () => {
    fakeApi({ 'GET /api/v1/brands': () => ({ items: [] }) });
    renderEditor({ ...emptyItem(), imageUrl: '/media/post-media/u/scraped-1.jpg', selectedImageIndex: null });
    expect(screen.getByRole('img', { name: 'The chosen product image' })).toHaveAttribute(
      'src',
      '/media/post-media/u/scraped-1.jpg',
    );
  });
});

describe('ProductEditorSkeleton', () => {
  it("holds the product's place, titled, while the editor's code loads", () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ProductEditorSkeleton number={2} />
      </AppProviders>,
    );
    const box = screen.getByRole('status', { name: 'Loading...' });
    expect(within(box).getByText('Product 2')).toBeInTheDocument();
    // Not yet the product's group: nothing in it can be typed into before the editor is there.
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
