import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Pretends the visitor finished onboarding before any page script runs (every navigation). */
export async function markOnboarded(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('onboarded', 'true'));
}

/** The bottom navigation bar. */
export function bottomNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * The wishlist screens ask a visitor to register as soon as they open (Registration Required
 * dialog); while it is open the page behind it is hidden from assistive technology. Waits for it and
 * dismisses it, so the screen itself can be checked.
 */
export async function dismissWishlistPrompt(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'To save items, you need to register' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

/** Runs axe (WCAG 2 A and AA) on the page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Colours measured halfway through a fade (a dialog or card animating in) are not the page's
  // colours: every running animation that has an end is moved to it first. Finishing them, instead of
  // waiting for them, cannot hang on an animation that a busy machine keeps from ever ending.
  // Endless ones (spinners, skeleton pulses) never finish and are left alone.
  // A toast fades in and out, and one whose time runs out during a scan is measured mid-fade (contrast
  // 1.9-2.4 on toast text, twice in CI). Toasts last 1.5-2 s: the scan waits for them to go, and leaves
  // the toast area out in case one comes meanwhile. Toasts have a scan of their own (a11y.spec, a toast
  // held open under the pointer).
  await page
    .waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, null, {
      timeout: 8_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (!Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) continue;
      try {
        animation.finish();
      } catch {
        // A paused animation with no playback rate cannot be finished; it has nothing left to show.
      }
    }
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(report, `axe on ${label}`).toEqual([]);
  await expectNoMissingStrings(page, label);
}

/**
 * No key without its string since the page was loaded: the app reports one on the console
 * (apps/web/src/app/i18n.ts). In a build, English arrives in sections with the code that names them
 * (apps/web/vite-plugins/locale-sections.ts), so a key whose section did not come shows here.
 */
export async function expectNoMissingStrings(page: Page, label: string): Promise<void> {
  const missing = (await page.consoleMessages())
    .map((message) => message.text())
    .filter((text) => text.startsWith('Missing string:'));
  expect(missing, `strings on ${label}`).toEqual([]);
}
