import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';

const MENU_ENTRIES = [
  'Questões de concurso',
  'Disciplinas isoladas',
  'Buscar questões',
  'Caderno de erros',
  'Revisão de hoje',
  'Simulados',
  'Planos de Assinatura',
  'Gerenciar Conta',
  'Meu Desempenho',
  'Ajuda',
];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const themeButton = (page: Page) => page.getByRole('button', { name: /^Tema:/ });

test.describe('shell', () => {
  test('renders header, menu and title in Portuguese', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ajuda');

    await expect(page).toHaveTitle('Gabarita - Sua Plataforma de Estudos');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
    await expect(menu(page).getByRole('link')).toHaveText(MENU_ENTRIES);
    await expect(page.getByRole('heading', { level: 1, name: 'Central de Ajuda' })).toBeVisible();
  });

  test('loads under the Content Security Policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/ajuda');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1, name: 'Central de Ajuda' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the API's documentation renders at /api/docs, from this server alone, without errors", async ({
    page,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL!)) foreign.push(request.url());
    });
    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /Gabarita API/ })).toBeVisible();
    const simulados = page.locator('#operations-tag-simulados');
    await simulados.click();
    await expect(page.locator('#operations-simulados-post_api_simulados')).toBeVisible();
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });

  test('asks for the session once, from the page head, and the app uses that answer', async ({
    page,
    freeAccount,
  }) => {
    await page.context().addCookies(freeAccount.cookies);
    const sessionRequests: string[] = [];
    const unusedPreloads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/session') {
        sessionRequests.push(request.resourceType());
      }
    });
    page.on('console', (message) => {
      if (/preloaded using link preload but not used/i.test(message.text())) {
        unusedPreloads.push(message.text());
      }
    });
    const response = await page.goto('/');
    expect(await response?.text()).toContain('<link rel="preload" href="/api/auth/session"');
    await expect(page.getByRole('heading', { name: 'Questões de concurso' })).toBeVisible();
    // A second request would mean the app's own fetch did not match the preload.
    expect(sessionRequests).toHaveLength(1);
    expect(unusedPreloads).toEqual([]);
  });

  test("a visitor's /login reads the sign-in providers once, from the preload sent with the page", async ({
    page,
  }) => {
    const providerReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/providers')
        providerReads.push(request.url());
    });
    const response = await page.goto('/login');
    expect(response?.headers().link).toContain('</api/auth/providers>; rel=preload');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar com Google' })).toBeVisible();
    expect(providerReads).toHaveLength(1);
  });

  test('sends visitors from the signed-in area to /login', async ({ page }) => {
    for (const path of ['/', '/conta', '/meu-desempenho', '/questoes?prova=x']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    }
  });

  test('theme cycles system -> dark -> light -> system and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/ajuda');
    const html = page.locator('html');
    await expect(themeButton(page)).toHaveAccessibleName(/automático/);
    await expect(html).not.toHaveClass(/dark/);

    await themeButton(page).click();
    await expect(themeButton(page)).toHaveAccessibleName(/escuro/);
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('gabarita.theme'))).toBe('dark');

    // The stored theme is applied before the app runs: no flash of the light theme.
    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('body', { state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await expect(themeButton(page)).toHaveAccessibleName(/escuro/);

    await themeButton(page).click();
    await expect(themeButton(page)).toHaveAccessibleName(/claro/);
    await expect(html).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);

    await themeButton(page).click();
    await expect(themeButton(page)).toHaveAccessibleName(/automático/);
    expect(await page.evaluate(() => localStorage.getItem('gabarita.theme'))).toBeNull();
    // Back on the system preference, which is dark now.
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
  });

  test('at 1280 px the menu is open by default and its state is remembered', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ajuda');
    await expect(menu(page)).toBeVisible();

    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await expect(menu(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
    await expect(menu(page)).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(menu(page)).toBeVisible();
    await page.reload();
    await expect(menu(page)).toBeVisible();
  });

  test('at 390 px the menu starts closed and opens as a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/termos');
    await expect(menu(page)).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(menu(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await menu(page).getByRole('link', { name: 'Ajuda' }).click();
    await expect(page).toHaveURL(/\/ajuda$/);
    await expect(menu(page)).toBeHidden();
  });

  test('scrolls to the top on a route change', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/termos');
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 1500);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await menu(page).getByRole('link', { name: 'Ajuda' }).click();
    await expect(page).toHaveURL(/\/ajuda$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('unknown routes show a Portuguese 404 page', async ({ page }) => {
    const response = await page.goto('/pagina-que-nao-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await page.getByRole('link', { name: /Voltar/ }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/recovery and /Recovery both open the password reset page', async ({ page }) => {
    for (const path of ['/recovery?oobCode=abc', '/Recovery?oobCode=abc']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible();
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious accessibility violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      for (const path of ['/ajuda', '/login', '/pagina-que-nao-existe']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, path);
      }
    });
  }
});
