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

/** Runs axe (WCAG 2 A and AA) on the page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
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
