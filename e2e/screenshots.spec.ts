import { expect, test } from './support/fixtures';

// Screenshots of every screen at both widths and in both themes, kept in e2e/.artifacts for review.
const SCREENS = [
  { name: 'shell-help', path: '/ajuda', heading: 'Central de Ajuda' },
  { name: 'login', path: '/login', heading: 'Entrar' },
  { name: 'not-found', path: '/pagina-que-nao-existe', heading: 'Página não encontrada' },
];
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const screen of SCREENS) {
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`screenshot ${screen.name} ${viewport.width}px ${colorScheme}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await page.screenshot({
          path: `e2e/.artifacts/screenshots/${screen.name}-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
      });
    }
  }
}
