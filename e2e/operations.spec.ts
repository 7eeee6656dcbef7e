import type { Cookie, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { APP_PATHS, type AppPath, PATHS } from '@gabarita/shared';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
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
  role?: 'editor' | 'support' | 'admin',
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
  runOperatorCommand('user:grant-tokens', customer.email, '1');
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
      await expectNoViolations(page, `caixa de mensagens, ${viewport.width}px ${colorScheme}`);
    }
  }

  // A reply from a template, kept in the thread.
  await item.first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Mensagem de Carla Cliente' }),
  ).toBeVisible();
  // Beside the message, the customer's package balance.
  await expect(page.getByRole('complementary', { name: 'Conta do cliente' })).toContainText(
    'Pacote de tokens80.000 de entrada · 40.000 de saída',
  );
  await page.getByLabel('Modelo de resposta').selectOption({ index: 1 });
  await expect(page.getByRole('textbox', { name: 'Resposta' })).toHaveValue(/Carla/);
  // The mail signs the reply: nobody types the signature (it went out twice).
  await expect(
    page.getByText(/A assinatura “Equipe Gabarita” entra sozinha no fim do e-mail/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Enviar resposta' }).click();
  const thread = page.getByRole('list', { name: 'Conversa' });
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await expect(thread).toBeVisible();
      await shoot(page, `operations-message-${viewport.width}-${colorScheme}`);
      await expectNoViolations(page, `mensagem, ${viewport.width}px ${colorScheme}`);
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
      await expectNoViolations(page, `conta, ${viewport.width}px ${colorScheme}`);
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
      productId: 'package_1',
      productType: 'package',
      payer: { firstName: 'Paulo', lastName: 'Pagante', cpf: '52998224725' },
    },
  });
  expect(created.status()).toBe(201);
  const { purchaseId } = (await created.json()) as { purchaseId: string };
  // Paid in the sandbox, as its page's button does.
  const paid = await customer.context.post(`/dev/pix/${purchaseId}/pay`, { headers: { origin } });
  expect(paid.status()).toBeLessThan(400);
  await customer.context.dispose();
  // Support grants a package afterwards: the refund must leave it whole.
  runOperatorCommand('user:grant-tokens', customer.email, '1');
  const admin = await account(playwright, 'Alice Administradora', 'admin');
  await admin.context.dispose();

  await signInAs(page, admin.cookies);
  await page.goto(`/admin/pagamentos/${purchaseId}`);
  await expect(page.getByRole('heading', { level: 1, name: /Pacote/ })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Linha do tempo' });
  await expect(timeline).toContainText(/liberad/i);
  const takesBack =
    'saem da conta 80.000 tokens de entrada e 40.000 de saída, o que resta deste pacote';
  await expect(page.getByText(`Se reembolsada agora, ${takesBack}.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Motivo' }).fill('Cliente pediu o cancelamento no dia.');
  await page.getByRole('button', { name: 'Reembolsar' }).last().click();
  // Irreversible: it asks first, saying what goes back and what is taken.
  const dialog = page.getByRole('dialog', { name: 'Reembolsar esta compra?' });
  await expect(dialog).toContainText(`voltam para Paulo Pagante pelo Sandbox, e ${takesBack}.`);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await expect(dialog).toBeVisible();
      await page.screenshot({
        path: `e2e/.artifacts/screenshots/operations-refund-dialog-${viewport.width}-${colorScheme}.png`,
      });
      await expectNoViolations(
        page,
        `confirmação do reembolso, ${viewport.width}px ${colorScheme}`,
      );
    }
  }
  await dialog.getByRole('button', { name: 'Reembolsar' }).click();
  await expect(dialog).toBeHidden();
  await expect(timeline).toContainText(/reembols|estorn|revert/i);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await expect(timeline).toBeVisible();
      await shoot(page, `operations-payment-refunded-${viewport.width}-${colorScheme}`);
      await expectNoViolations(page, `pagamento, ${viewport.width}px ${colorScheme}`);
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
      await expectNoViolations(page, `números, ${viewport.width}px ${colorScheme}`);
    }
  }
});

/** The staff area's pages, every one the registry has (the web router and the server read it too). */
const STAFF_PAGES = APP_PATHS.filter(({ access }) =>
  ['staff', 'editor', 'support', 'admin'].includes(access),
);

/** Read by axe in the tests above, at both sizes in both themes (/admin opens the first tab). */
const READ_ABOVE: readonly AppPath[] = [
  PATHS.staffArea,
  PATHS.helpInbox,
  PATHS.helpRequest,
  PATHS.customerAccount,
  PATHS.purchase,
  PATHS.businessMetrics,
];

/** A page's address, with the ids of records made for the test in place of its parameters. */
function addressOf(page: AppPath, ids: Record<string, string>) {
  return page.path.replace(/:(\w+)/g, (_, name: string) => ids[`${page.path}:${name}`] ?? '');
}

test('every staff page loads from its address, with its tab in view and no axe violation', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  const origin = process.env.E2E_BASE_URL!;
  const customer = await account(playwright, 'Vera Visitada');
  const userId = ((await (await customer.context.get('/api/me')).json()) as { id: string }).id;
  const sent = await customer.context.post('/api/help-requests', {
    headers: { origin },
    data: { mensagem: MESSAGE },
  });
  expect(sent.status()).toBe(201);
  const created = await customer.context.post('/api/payments', {
    headers: { origin },
    data: {
      productId: 'mensal',
      productType: 'plan',
      payer: { firstName: 'Vera', lastName: 'Visitada', cpf: '52998224725' },
    },
  });
  const { purchaseId } = (await created.json()) as { purchaseId: string };
  await customer.context.post(`/dev/pix/${purchaseId}/pay`, { headers: { origin } });
  await customer.context.dispose();
  const admin = await account(playwright, 'Ada Administradora', 'admin');
  const inbox = (await (await admin.context.get('/api/admin/help-requests')).json()) as {
    items: { id: string; email: string }[];
  };
  const helpRequestId = inbox.items.find((item) => item.email === customer.email)!.id;
  await admin.context.dispose();
  const ids = {
    '/admin/contas/:userId:userId': userId,
    '/admin/mensagens/:id:id': helpRequestId,
    '/admin/pagamentos/:id:id': purchaseId,
  };

  await signInAs(page, admin.cookies);
  expect(STAFF_PAGES.length).toBeGreaterThanOrEqual(13);
  for (const staffPage of STAFF_PAGES) {
    const address = addressOf(staffPage, ids);
    // A full page load on a phone: the server answers the address itself, and the row of tabs,
    // which scrolls sideways there, brings the page's own tab into view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(200);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title, address).toBeVisible();
    await expect(title, address).not.toHaveText(/Página não encontrada|Acesso restrito/);
    const tab = page
      .getByRole('navigation', { name: 'Área editorial' })
      .locator('a[aria-current="page"]');
    await expect(tab, address).toBeInViewport({ ratio: 0.9 });
    if (READ_ABOVE.includes(staffPage)) continue;

    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, `${address}, 390px dark`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    // The colours change with a short transition: read once it has ended.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    );
    await expectNoViolations(page, `${address}, 1280px light`);
  }
});

test('staff who follow another team’s address are told whose area it is, before its page', async ({
  page,
  playwright,
}) => {
  const support = await account(playwright, 'Sofia Suporte', 'support');
  const editor = await account(playwright, 'Edu Editor', 'editor');
  await support.context.dispose();
  await editor.context.dispose();
  const visits = [
    { who: support, path: '/admin/importar', owner: 'Esta área é da equipe editorial' },
    { who: support, path: '/admin/numeros', owner: 'Esta área é da administração' },
    { who: editor, path: '/admin/contas', owner: 'Esta área é da equipe de suporte' },
  ];
  for (const { who, path, owner } of visits) {
    await signInAs(page, who.cookies);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
    await expect(page.getByText(owner)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // Nothing of the page itself: no filters, no file to pick, no error to retry.
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  }
  // Support is shown the way back to its own area.
  await signInAs(page, support.cookies);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto('/admin/importar');
      await expect(page.getByText('Esta área é da equipe editorial')).toBeVisible();
      await shoot(page, `operations-refused-${viewport.width}-${colorScheme}`);
      await expectNoViolations(page, `acesso restrito, ${viewport.width}px ${colorScheme}`);
    }
  }
  await page.getByRole('link', { name: 'Ir para a área de suporte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contas' })).toBeVisible();
});
