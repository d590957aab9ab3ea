import { expect, type Locator, type Page, test } from '@playwright/test';
import { pngFile, type Shop, signUpThroughUi, startShop } from './support/posts';

// How the create-post form is laid out in a real browser (jsdom has no layout): a product with an image,
// a long custom brand, the currency and the photo thumbnails must all stay inside their boxes.

let shop: Shop;

test.beforeAll(async () => {
  shop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
});

const BRAND = 'Maison Kitsune Atelier de Paris';

/** Three photos and one product read from the shop (its image chosen), with a custom brand. */
async function fillForm(page: Page): Promise<Locator> {
  await page.goto('/create-post');
  await page
    .getByTestId('media-input')
    .setInputFiles([
      pngFile('one.png', [200, 60, 60]),
      pngFile('two.png', [60, 60, 200]),
      pngFile('three.png', [60, 160, 60]),
    ]);
  await expect(page.getByRole('img', { name: 'Media 3 of 3' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Caption' }).fill('Linen for the weekend');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const product = page.getByRole('group', { name: 'Product 1' });
  await product.getByLabel('Purchase link').fill(shop.productUrl);
  await product.getByRole('button', { name: 'Get the details of product 1 from its link' }).click();
  await expect(page.getByText('Data scraped successfully')).toBeVisible();
  await expect(product.getByRole('img', { name: 'The chosen product image' })).toBeVisible();
  await product.getByRole('combobox', { name: 'Brand' }).click();
  await page.getByRole('option', { name: '+ Add custom brand' }).click();
  await product.getByPlaceholder('Custom brand').fill(BRAND);
  await product.getByPlaceholder('Custom brand').press('Enter');
  await expect(product.getByRole('combobox', { name: 'Brand' })).toHaveText(BRAND);
  return product;
}

const right = (box: { x: number; width: number }) => Math.round(box.x + box.width);

test('the create-post form fits a 390 px phone with a product, its image, a custom brand and photos', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughUi(page);
  const product = await fillForm(page);

  // Nothing wider than the screen.
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The product card keeps the form's margins: its right edge is the caption's.
  const card = (await product.boundingBox())!;
  const caption = (await page.getByRole('combobox', { name: 'Caption' }).boundingBox())!;
  expect.soft(right(card)).toBe(right(caption));

  // The custom brand shows once, inside its field, inside the card.
  const brand = product.getByRole('combobox', { name: 'Brand' });
  await brand.click();
  await expect(page.getByRole('option', { name: BRAND, exact: true })).toHaveCount(1);
  await page.keyboard.press('Escape');
  expect.soft(right((await brand.boundingBox())!)).toBeLessThanOrEqual(right(card));

  // '$ USD' on one line, and whole (in a second product).
  await page.getByRole('button', { name: 'Add Product' }).click();
  const currency = page.getByRole('group', { name: 'Product 2' }).getByRole('combobox', { name: 'Currency' });
  await currency.click();
  await page.getByRole('option', { name: '$ USD' }).click();
  await expect(currency).toHaveText('$ USD');
  const shown = await currency.evaluate((element) => {
    // The lines its text takes (one rectangle per line of each text node), and whether it is cut.
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
    }
    const text = element.querySelector('span');
    return { lines: tops.size, cut: text !== null && text.scrollWidth > text.clientWidth };
  });
  expect.soft(shown).toEqual({ lines: 1, cut: false });
  await page.getByRole('button', { name: 'Remove product 2' }).click();

  // Each photo keeps most of its thumbnail: two small corner controls, not four buttons over it.
  const tiles = page.getByRole('list', { name: 'Photos and videos, in order' }).getByRole('listitem');
  for (const index of [0, 1, 2]) {
    const tile = tiles.nth(index);
    const tileBox = (await tile.boundingBox())!;
    const buttons = tile.getByRole('button');
    await expect.soft(buttons).toHaveCount(2);
    let covered = 0;
    for (const button of await buttons.all()) {
      const box = (await button.boundingBox())!;
      covered += box.width * box.height;
    }
    expect.soft(covered / (tileBox.width * tileBox.height)).toBeLessThan(0.15);
  }
  // Moving and removing are in the tile's menu.
  await page.getByRole('button', { name: 'Options for media 1 of 3' }).click();
  await expect(page.getByRole('menuitem', { name: 'Move media 1 later' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Remove media 1' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Screenshots for review, when asked for: phone and desktop, English and Hebrew.
  const folder = process.env.POST_FORM_SHOTS;
  if (!folder) return;
  for (const language of ['en', 'he'] as const) {
    if (language === 'he') {
      await page.getByRole('button', { name: 'Change language' }).click();
      await page.getByRole('menuitemradio', { name: 'עברית' }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({
        path: `${folder}/create-post-${language}-${width}x${height}.png`,
        fullPage: true,
      });
      // The product card as the screen shows it (the full page draws the fixed header mid-page).
      await page.getByRole('group', { name: /1/ }).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${folder}/create-post-${language}-${width}x${height}-product.png` });
    }
  }
});
