import { expect, type Locator, type Page, test } from '@playwright/test';
import { getJson } from './support/discovery';
import { markOnboarded } from './support/shell';

/*
 * The filter dialog and Home's filters at phone width, in a real browser (jsdom has no layout), in English
 * and Hebrew (issue 17, Filters): the Pattern chips are readable, and a search refined by filters keeps its
 * words and its filters in the URL, through a reload.
 */

const TEXT = {
  en: {
    search: 'Search style, item, brand...',
    filter: 'Filter',
    dialog: 'Filter By...',
    pattern: 'Pattern',
    color: 'Color',
    colors: { Black: 'Black', White: 'White', Blue: 'Blue' } as Record<string, string>,
    apply: 'Apply Filters (1)',
    active: 'Active Filters',
    searchChip: (q: string) => `Search: ${q}`,
    colorChip: (color: string) => `Color: ${color}`,
  },
  he: {
    search: 'חיפוש סגנון, פריט, מותג...',
    filter: 'סינון',
    dialog: 'סינון לפי...',
    pattern: 'דוגמה',
    color: 'צבע',
    colors: { Black: 'שחור', White: 'לבן', Blue: 'כחול' } as Record<string, string>,
    apply: 'החלת סינון (1)',
    active: 'סינונים פעילים',
    searchChip: (q: string) => `חיפוש: ${q}`,
    colorChip: (color: string) => `צבע: ${color}`,
  },
} as const;

interface Counted {
  total: number;
}

/** Each chip's own box and whether its text fits in it (a truncated chip scrolls wider than it is). */
async function chipBoxes(group: Locator) {
  return group.getByRole('button', { pressed: false }).evaluateAll((chips) =>
    chips.map((chip) => ({
      text: chip.textContent ?? '',
      width: chip.getBoundingClientRect().width,
      fits: chip.scrollWidth <= chip.clientWidth,
    })),
  );
}

async function openFilters(page: Page, language: 'en' | 'he') {
  const text = TEXT[language];
  await page.getByRole('button', { name: text.filter, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text.dialog });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const language of ['en', 'he'] as const) {
  const text = TEXT[language];

  test.describe(`filters at 390 px (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await markOnboarded(page);
      await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    });

    test('the Pattern section shows whole, readable chips', async ({ page }) => {
      await page.goto('/explore');
      const dialog = await openFilters(page, language);
      const patterns = dialog.getByRole('group', { name: text.pattern, exact: true });
      await patterns.scrollIntoViewIfNeeded();
      const chips = await chipBoxes(patterns);
      expect(chips.length).toBeGreaterThan(0);
      for (const chip of chips) {
        expect.soft(chip.fits, `'${chip.text}' fits its chip`).toBe(true);
        expect.soft(chip.width, `'${chip.text}' chip width`).toBeGreaterThanOrEqual(40);
      }
      // The chips use the section's width, as the Color section's do.
      const section = (await patterns.boundingBox())!;
      const first = (await patterns.getByRole('button').first().boundingBox())!;
      expect(section.width).toBeGreaterThan(250);
      expect(first.x).toBeGreaterThanOrEqual(section.x - 1);
      expect(first.x + first.width).toBeLessThanOrEqual(section.x + section.width + 1);
      await page.screenshot({ path: test.info().outputPath(`pattern-${language}.png`) });
    });

    test('a search refined by a filter keeps both in the URL, through a reload', async ({
      page,
      request,
    }) => {
      // Search words and a colour the demo content has together, and their count, from the API.
      let choice: { q: string; color: string; total: number } | undefined;
      for (const q of ['dress', 'casual', 'zara', 'jeans', 'summer']) {
        for (const color of Object.keys(text.colors)) {
          if (choice) break;
          const { total } = await getJson<Counted>(
            request,
            `/posts/filtered?q=${encodeURIComponent(q)}&color=${color}`,
          );
          if (total > 0) choice = { q, color, total };
        }
      }
      if (!choice) throw new Error('the demo content has none of the search words with a colour');
      const { q, color } = choice;

      await page.goto('/explore');
      await page.getByRole('combobox', { name: text.search }).fill(q);
      await expect(page).toHaveURL(new RegExp(`/explore\\?q=${q}$`));
      const dialog = await openFilters(page, language);
      // The dialog, not a text box, has the focus (no phone keyboard over it).
      await expect(dialog).toBeFocused();
      const colors = dialog.getByRole('group', { name: text.color, exact: true });
      await colors.getByRole('button', { name: text.colors[color]!, exact: true }).click();
      await dialog.getByRole('button', { name: text.apply }).click();

      await expect(page).toHaveURL(new RegExp(`/\\?q=${q}&color=${color}$`));
      const panel = page.getByRole('region', { name: text.active });
      await expect(panel.getByText(text.searchChip(q), { exact: true })).toBeVisible();
      await expect(panel.getByText(text.colorChip(text.colors[color]!), { exact: true })).toBeVisible();
      await expect(page.getByRole('feed').getByRole('article')).toHaveCount(Math.min(choice.total, 10));
      await page.screenshot({ path: test.info().outputPath(`home-filters-${language}.png`) });

      await page.reload();
      await expect(page).toHaveURL(new RegExp(`/\\?q=${q}&color=${color}$`));
      await expect(panel.getByText(text.searchChip(q), { exact: true })).toBeVisible();
      await expect(panel.getByText(text.colorChip(text.colors[color]!), { exact: true })).toBeVisible();
      await expect(page.getByRole('feed').getByRole('article')).toHaveCount(Math.min(choice.total, 10));
    });
  });
}
