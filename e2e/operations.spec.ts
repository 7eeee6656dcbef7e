import type { Cookie, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { runOperatorCommand } from './support/operator';

/*
 * The operations console: the help inbox with a reply thread and a customer's account, as the
 * support team sees them. The customer and the team's accounts are made here and used by no other
 * spec.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
const MESSAGE = 'Paguei o PIX do plano mensal ontem e a minha conta ainda aparece como gratuita.';

async function account(
  playwright: PlaywrightWorkerArgs['playwright'],
  name: string,
  role?: 'support' | 'admin',
) {
  const context = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { email } = await signedInAccount(context, { name, email: uniqueEmail('operacoes') });
  if (role) runOperatorCommand('admin:create', email, '--role', role);
  return { context, email, cookies: (await context.storageState()).cookies };
}

async function signInAs(page: Page, cookies: Cookie[]) {
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

/** A full-page screenshot from the top, with the window as tall as the page (sticky parts stay put). */
async function shoot(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage: true });
  await page.setViewportSize(viewport);
}

test('support answers a help message and looks at the customer’s account', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const customer = await account(playwright, 'Carla Cliente');
  const sent = await customer.context.post('/api/help-requests', {
    headers: { origin: process.env.E2E_BASE_URL! },
    data: { mensagem: MESSAGE },
  });
  expect(sent.status()).toBe(201);
  await customer.context.dispose();
  const support = await account(playwright, 'Sérgio Suporte', 'support');
  await support.context.dispose();

  await signInAs(page, support.cookies);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Contas' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Área de suporte' })
    .getByRole('link', { name: 'Mensagens' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  const item = page.getByRole('list', { name: 'Mensagens' }).getByRole('link', {
    name: /Carla Cliente/,
  });
  await expect(item.first()).toBeVisible();
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await expect(item.first()).toBeVisible();
      await shoot(page, `operations-inbox-${viewport.width}-${colorScheme}`);
      await expectAccessible(page, `caixa de mensagens, ${viewport.width}px ${colorScheme}`);
    }
  }

  // A reply from a template, kept in the thread.
  await item.first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Mensagem de Carla Cliente' }),
  ).toBeVisible();
  await page.getByLabel('Modelo de resposta').selectOption({ index: 1 });
  await expect(page.getByRole('textbox', { name: 'Resposta' })).toHaveValue(/Carla/);
  await page.getByRole('button', { name: 'Enviar resposta' }).click();
  const thread = page.getByRole('list', { name: 'Conversa' });
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await expect(thread).toBeVisible();
      await shoot(page, `operations-message-${viewport.width}-${colorScheme}`);
      await expectAccessible(page, `mensagem, ${viewport.width}px ${colorScheme}`);
    }
  }

  // The customer's account, found by e-mail.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/admin/contas');
  await page.getByLabel('E-mail ou nome').fill(customer.email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page
    .getByRole('list', { name: 'Contas encontradas' })
    .getByRole('link', { name: /Carla Cliente/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carla Cliente' })).toBeVisible();
  await expect(page.getByText(customer.email).first()).toBeVisible();
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await expect(page.getByRole('heading', { level: 1, name: 'Carla Cliente' })).toBeVisible();
      await shoot(page, `operations-account-${viewport.width}-${colorScheme}`);
      await expectAccessible(page, `conta, ${viewport.width}px ${colorScheme}`);
    }
  }
});

test('an admin refunds a PIX purchase and reads the numbers', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const origin = process.env.E2E_BASE_URL!;
  const customer = await account(playwright, 'Paulo Pagante');
  const created = await customer.context.post('/api/payments', {
    headers: { origin },
    data: {
      productId: 'mensal',
      productType: 'plan',
      payer: { firstName: 'Paulo', lastName: 'Pagante', cpf: '52998224725' },
    },
  });
  expect(created.status()).toBe(201);
  const { purchaseId } = (await created.json()) as { purchaseId: string };
  // Paid in the sandbox, as its page's button does.
  const paid = await customer.context.post(`/dev/pix/${purchaseId}/pay`, { headers: { origin } });
  expect(paid.status()).toBeLessThan(400);
  await customer.context.dispose();
  const admin = await account(playwright, 'Alice Administradora', 'admin');
  await admin.context.dispose();

  await signInAs(page, admin.cookies);
  await page.goto(`/admin/pagamentos/${purchaseId}`);
  await expect(page.getByRole('heading', { level: 1, name: /Plano/ })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Linha do tempo' });
  await expect(timeline).toContainText(/liberad/i);
  await page.getByRole('textbox', { name: 'Motivo' }).fill('Cliente pediu o cancelamento no dia.');
  await page.getByRole('button', { name: 'Reembolsar' }).last().click();
  await expect(timeline).toContainText(/reembols|estorn|revert/i);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await expect(timeline).toBeVisible();
      await shoot(page, `operations-payment-refunded-${viewport.width}-${colorScheme}`);
      await expectAccessible(page, `pagamento, ${viewport.width}px ${colorScheme}`);
    }
  }

  await page.goto('/admin/numeros');
  await expect(page.getByRole('heading', { level: 1, name: 'Números' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Receita por dia' })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await expect(page.getByRole('heading', { name: 'Receita por dia' })).toBeVisible();
      await shoot(page, `operations-numbers-${viewport.width}-${colorScheme}`);
      await expectAccessible(page, `números, ${viewport.width}px ${colorScheme}`);
    }
  }
});
