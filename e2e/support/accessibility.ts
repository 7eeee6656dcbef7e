import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** axe's serious and critical violations on the page as it is now, each as "rule: elements". */
export async function seriousViolations(page: Page) {
  // Passes and inapplicable rules are not read: asking for violations only spares their collection.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

/** Fails the test with every serious or critical axe violation on the page; `where` names the screen. */
export async function expectAccessible(page: Page, where?: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}
