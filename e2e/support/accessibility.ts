import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/** axe's violations of the given impacts on the page as it is now, each as "rule: elements". */
async function violations(page: Page, impacts: readonly Impact[]) {
  // Passes and inapplicable rules are not read: asking for violations only spares their collection.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => impacts.includes(violation.impact as Impact))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

/** axe's serious and critical violations on the page as it is now, each as "rule: elements". */
export function seriousViolations(page: Page) {
  return violations(page, ['serious', 'critical']);
}

/** Fails the test with every serious or critical axe violation on the page; `where` names the screen. */
export async function expectAccessible(page: Page, where?: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Fails the test with every axe violation on the page, whatever its impact (the staff pages). */
export async function expectNoViolations(page: Page, where?: string) {
  expect(await violations(page, ['minor', 'moderate', 'serious', 'critical']), where).toEqual([]);
}
