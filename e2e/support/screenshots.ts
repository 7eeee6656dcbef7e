import type { Page } from '@playwright/test';

/** Keeps a picture of the page in e2e/.artifacts/screenshots, for a person to look at. */
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage });
}
