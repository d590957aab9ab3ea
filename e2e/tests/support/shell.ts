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
  // A toast fades in once Sonner marks it mounted, and out once it marks it removed: a scan between the
  // two finishes below could start a fade after them and measure it (contrast 2.4 on a toast's text once
  // in CI). Wait for every toast to be settled first; a toast that never settles is scanned as it is.
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
          (toast) =>
            toast.getAttribute('data-mounted') === 'true' && toast.getAttribute('data-removed') !== 'true',
        ),
      null,
      { timeout: 5_000 },
    )
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
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(report, `axe on ${label}`).toEqual([]);
}
