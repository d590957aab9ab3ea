import { expect, test } from '@playwright/test';
import { signInThroughUi } from './support/auth';
import { bearer, getJson } from './support/discovery';
import { createApiUser } from './support/people';
import { expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

/*
 * 'Your taste' (issue 17): each learned value can be turned down or up, or removed, in English and Hebrew
 * at phone width, and the server keeps what was said.
 */

type Summary = { liked: { tags: { key: string; label: string; adjustment?: string }[] } };

test.use({ viewport: { width: 390, height: 844 } });

for (const language of ['en', 'he'] as const) {
  test(`turns a learned style down and removes it (${language})`, async ({ page, request }, testInfo) => {
    const user = await createApiUser(request, 'taste');
    const posts = await getJson<{ items: { id: string; caption: string | null }[] }>(
      request,
      '/posts?limit=20',
    );
    const tagged = posts.items.filter((post) => post.caption?.includes('#')).slice(0, 3);
    expect(tagged.length).toBeGreaterThan(0);
    for (const post of tagged) {
      const swiped = await request.post('/api/v1/swipes', {
        headers: bearer(user.token),
        data: { outfit_id: post.id, action: 'like' },
      });
      expect(swiped.status()).toBe(201);
    }
    const before = await getJson<{ summary: Summary }>(request, '/swipes/preferences', user.token);
    const style = before.summary.liked.tags[0];
    if (!style) throw new Error('the liked outfits have no hashtags');

    await markOnboarded(page);
    await signInThroughUi(page, user.email);
    // Signed in (in English), then the language to look at.
    await page.evaluate((lang) => window.localStorage.setItem('lang', lang), language);
    await page.goto('/explore/preferences');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' ? 'rtl' : 'ltr');
    const texts =
      language === 'en'
        ? { less: /^Less like this: /, remove: /^Remove /, styles: 'What you like: Styles' }
        : { less: /^פחות כמו זה: /, remove: /^הסרת /, styles: 'מה שאהבתם: סגנונות' };
    const styles = page.getByRole('list', { name: texts.styles });
    const first = styles.getByRole('listitem').first();
    const less = first.getByRole('button', { name: texts.less });
    await expect(less).toHaveAttribute('aria-pressed', 'false');
    await less.click();
    await expect(less).toHaveAttribute('aria-pressed', 'true');
    const adjusted = await getJson<{ summary: Summary }>(request, '/swipes/preferences', user.token);
    expect(adjusted.summary.liked.tags.find((entry) => entry.key === style.key)?.adjustment).toBe('less');
    // Nothing is cut off or pushes the page sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, `/explore/preferences controls (${language})`);
    await page.screenshot({ path: testInfo.outputPath(`taste-${language}.png`), fullPage: true });

    const count = await styles.getByRole('listitem').count();
    await first.getByRole('button', { name: texts.remove }).click();
    await expect(styles.getByRole('listitem')).toHaveCount(count - 1);
    const removed = await getJson<{ summary: Summary }>(request, '/swipes/preferences', user.token);
    expect(removed.summary.liked.tags.map((entry) => entry.key)).not.toContain(style.key);
  });
}
