import { signedInAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { runOperatorCommand } from './support/operator';
import { expectAccessible } from './support/accessibility';

/** Installable app and its service worker (docs/product-rules.md, "Review", offline). */
test.use({ serviceWorkers: 'allow' });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

test('the app can be installed: a manifest with what Chromium asks for, and a service worker that controls the page', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Gabarita - Sua Plataforma de Estudos',
    short_name: 'Gabarita',
    start_url: '/',
    display: 'standalone',
  });
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((candidate) => candidate.sizes === `${size}x${size}`);
    expect(icon, `ícone ${size}x${size}`).toBeDefined();
    const image = await page.request.get(icon!.src);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body())).toEqual([size, size]);
  }

  // The worker takes the page it was registered from, without a reload.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL),
  ).toMatch(/\/sw\.js$/);
});

test('without a connection the page says so, and the app opens again from the device', async ({
  page,
  context,
  freeAccount,
}) => {
  await context.addCookies(freeAccount.cookies);
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Everything the worker keeps is in before the connection goes.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.installing || registration.waiting) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve),
      );
    }
  });

  await context.setOffline(true);
  const notice = page.getByRole('region', { name: 'Conexão' });
  await expect(notice).toContainText('Você está sem conexão.');
  await expectAccessible(page, 'aviso de sem conexão');

  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Gabarita' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/offline-reload-1280.png' });

  await context.setOffline(false);
  await expect(notice).toBeHidden();
});

test('the day’s review goes on without a connection and its ratings reach the server once it returns', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('offline') });
  runOperatorCommand('user:grant-premium', email, '30');
  const origin = { origin: process.env.E2E_BASE_URL! };
  for (const front of ['Capital do Brasil?', 'Quantos estados tem o Brasil?', 'Maior rio?']) {
    const created = await page.request.post('/api/me/flashcards', {
      headers: origin,
      data: { front, back: 'Resposta.' },
    });
    expect(created.status()).toBe(201);
  }
  // What the server holds, read apart from the page (its connection is what goes away).
  const server = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    storageState: await page.context().storageState(),
  });
  const dueOnServer = async () =>
    ((await (await server.get('/api/me/review/today')).json()) as { dueCount: number }).dueCount;
  expect(await dueOnServer()).toBe(3);

  await page.goto('/revisao-de-hoje');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const item = page.getByRole('region', { name: 'Item da revisão' });
  await expect(item).toContainText('1 de 3');

  await page.context().setOffline(true);
  for (const position of [1, 2, 3]) {
    await expect(item).toContainText(`${position} de 3`);
    await page.keyboard.press('Space');
    await expect(item.getByRole('button', { name: /Bom/ })).toBeVisible();
    await page.keyboard.press('3');
    if (position < 3) await expect(item).toContainText(`${position + 1} de 3`);
  }
  await expect(page.getByText('Revisão de hoje concluída: 3 itens revisados.')).toBeVisible();
  const notice = page.getByRole('region', { name: 'Conexão' });
  await expect(notice).toContainText('Você está sem conexão.');
  await expect(notice).toContainText('3 avaliações aguardam envio.');
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/review-offline-1280.png' });
  await expectAccessible(page, 'revisão sem conexão');
  expect(await dueOnServer()).toBe(3);

  await page.context().setOffline(false);
  await expect(notice).toBeHidden({ timeout: 20_000 });
  expect(await dueOnServer()).toBe(0);
  await server.dispose();
});
