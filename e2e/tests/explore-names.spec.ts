import { expect, test } from '@playwright/test';
import { markOnboarded } from './support/shell';

/*
 * "Usernames on Explore do not break mid-word" (issue 17, around the edges), on a 390 px phone in English
 * and Hebrew: every creator's handle on the Explore hub and on Top Creators sits on one line (a handle
 * broken over two lines, "@amara.o" / "kafor", reads as two names).
 */

for (const language of ['en', 'he'] as const) {
  test.describe(`usernames on Explore (${language})`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('each handle is on one line, on the hub and on Top Creators', async ({ page }) => {
      await markOnboarded(page);
      await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
      for (const path of ['/explore', '/explore/creators']) {
        await page.goto(path);
        const handles = page.locator('article h3 bdi');
        await expect(handles.first()).toBeVisible({ timeout: 30_000 });
        // An inline element broken over two lines has boxes at two heights (one line may hold several
        // boxes: the bidi runs of '@', letters and dots).
        const lines = await handles.evaluateAll((elements) =>
          elements.map((element) => {
            const tops = new Set(Array.from(element.getClientRects()).map((rect) => Math.round(rect.top)));
            return [element.textContent, tops.size] as const;
          }),
        );
        expect(lines.length).toBeGreaterThan(0);
        for (const [handle, count] of lines) expect(count, `${handle} on ${path}`).toBe(1);
        if (process.env.SCREENSHOT_DIR) {
          await handles.first().scrollIntoViewIfNeeded();
          const name = path.replaceAll('/', '-').slice(1);
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${language}.png` });
        }
      }
    });
  });
}
