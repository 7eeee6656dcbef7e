import type { Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { runOperatorCommand } from './support/operator';
import { expect, test } from './support/fixtures';
import { expectAccessible, expectNoViolations } from './support/accessibility';

const EXAM_ID = 'cmva_2017_professor_matematica_prova';
const VALID_CPF = '52998224725';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string) {
  // From the top, so the sticky header sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage: true });
  await expectAccessible(page);
}

async function fillPayer(page: Page, cpf = VALID_CPF) {
  await page.getByLabel('Nome', { exact: true }).fill('Ana');
  await page.getByLabel('Sobrenome').fill('Souza');
  await page.getByLabel('CPF').fill(cpf);
}

/** Opens the sandbox's page for the charge and pays it, as a bank app would. */
async function payInSandbox(page: Page) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Simular pagamento' }).click();
  const sandbox = await popupPromise;
  await expect(sandbox.getByRole('heading', { level: 1, name: 'PIX de teste' })).toBeVisible();
  await expectNoViolations(sandbox, 'PIX de teste');
  await sandbox.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(sandbox.getByText(/pago/i).first()).toBeVisible();
  await sandbox.close();
}

for (const viewport of VIEWPORTS) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`free limit -> plans -> Mensal by PIX -> Premium on /conta at ${viewport.width} px ${colorScheme}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signedInAccount(page.request, { email: uniqueEmail('pix') });
      const shot = (name: string) => shoot(page, `${name}-${viewport.width}-${colorScheme}`);

      // Three free checks through the API, then the fourth in the viewer hits the limit.
      for (const number of [1, 2, 3]) {
        const response = await page.request.post(`/api/questions/${EXAM_ID}_${number}/check`, {
          headers: { origin: process.env.E2E_BASE_URL! },
          data: { letter: 'A' },
        });
        expect(response.status()).toBe(200);
      }
      await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_4`);
      await page.locator('label').filter({ hasText: /^B/ }).first().click();
      await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
      // The limit keeps the choice on the question and offers the plans.
      const limit = page.getByRole('alert');
      await expect(limit).toContainText('Seu limite de questões foi atingido');
      await limit.getByRole('link', { name: 'Ver planos' }).click();
      await expect(page).toHaveURL(/\/assinatura\?motivo=question_limit/);
      await expect(page.getByRole('alert')).toContainText('Seu limite de questões foi atingido');
      await expect(page.getByRole('link', { name: 'Voltar para a questão' })).toHaveAttribute(
        'href',
        `/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_4`,
      );
      await expect(page.getByRole('button', { name: /^Assinar / })).toHaveCount(7);
      await shot('plans');

      await page.getByRole('button', { name: 'Assinar Mensal' }).click();
      await expect(page).toHaveURL(/\/pagamento$/);
      await expect(page.getByRole('heading', { name: 'Plano Mensal' })).toBeVisible();
      await page.getByRole('button', { name: 'Gerar PIX' }).click();
      await expect(page.getByText('Todos os campos são obrigatórios.')).toBeVisible();
      await fillPayer(page, '12345678900');
      await expect(page.getByLabel('CPF')).toHaveValue('123.456.789-00');
      await page.getByRole('button', { name: 'Gerar PIX' }).click();
      await expect(page.getByText('CPF inválido. Confira os 11 números digitados.')).toBeVisible();
      await shot('payment-invalid-cpf');

      await page.getByLabel('CPF').fill(VALID_CPF);
      await page.getByRole('button', { name: 'Gerar PIX' }).click();
      await expect(page.getByRole('img', { name: /QR Code do PIX/ })).toBeVisible();
      await expect(page.getByLabel('PIX copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
      await expect(page.getByRole('timer')).toHaveText(/^0[45]:\d\d$/);
      await shot('payment-pending');

      // A reload keeps the same PIX: the same code, and the page still listens.
      const code = await page.getByLabel('PIX copia e cola').inputValue();
      await expect(page).toHaveURL(/\/pagamento\?compra=[0-9a-f-]{36}&voltar=/);
      await page.reload();
      await expect(page.getByLabel('PIX copia e cola')).toHaveValue(code);
      await expect(page.getByRole('timer')).toHaveText(/^0[345]:\d\d$/);

      await payInSandbox(page);
      await expect(
        page.getByText('Pagamento confirmado! Você voltará para onde estava estudando.'),
      ).toBeVisible();
      await shot('payment-paid');

      // Back on the question after subscribing: the choice is still there and can be checked.
      await expect(page).toHaveURL(new RegExp(`/questoes\\?prova=${EXAM_ID}&q=${EXAM_ID}_4$`), {
        timeout: 10_000,
      });
      await expect(page.getByRole('radio', { name: /^B\)/ })).toBeChecked();
      await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
      await expect(
        page.getByText(/^(Correto, Parabéns!|Errado! A alternativa correta)/),
      ).toBeVisible();

      await page.goto('/conta');
      const details = page.getByRole('region', { name: 'Detalhes da conta' });
      await expect(details.getByText('Premium', { exact: true })).toBeVisible();
      await expect(details.getByText('30 dias restantes')).toBeVisible();
      const purchases = page.getByRole('list', { name: 'Planos comprados' });
      await expect(purchases).toContainText('Plano Mensal');
      await expect(purchases).toContainText('R$ 34,90');
      await shot('account-after-purchase');
    });
  }
}

test('a token package shows in the package history and the balance', async ({ page }) => {
  await signedInAccount(page.request, { email: uniqueEmail('pacote') });
  await page.goto('/assinatura');
  await page.getByRole('button', { name: 'Comprar Pacote' }).click();
  await expect(page.getByRole('heading', { name: 'Pacote de tokens Essencial' })).toBeVisible();
  await fillPayer(page);
  await page.getByRole('button', { name: 'Gerar PIX' }).click();
  await payInSandbox(page);
  await expect(page).toHaveURL(/\/conta$/, { timeout: 10_000 });
  const packages = page.getByRole('list', { name: 'Pacotes comprados' });
  await expect(packages).toContainText('Essencial');
  await expect(packages).toContainText('R$ 1,90');
  await page.goto('/assinatura');
  await expect(page.getByRole('region', { name: 'Sua situação atual' })).toContainText(
    '80.000 de entrada · 40.000 de saída',
  );
});

test("an expired code offers 'Gerar Novo PIX'", async ({ page }) => {
  await page.clock.install();
  await signedInAccount(page.request, { email: uniqueEmail('expira') });
  await page.goto('/assinatura');
  await page.getByRole('button', { name: 'Assinar Diário' }).click();
  await fillPayer(page);
  await page.getByRole('button', { name: 'Gerar PIX' }).click();
  await expect(page.getByRole('img', { name: /QR Code do PIX/ })).toBeVisible();
  await page.clock.fastForward('05:01');
  await expect(page.getByText('O tempo para pagamento esgotou.')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR Code do PIX/ })).toHaveCount(0);
  await shoot(page, 'payment-expired-1280-light');
  // Back to the real time, so the new code's five minutes are ahead of the page's clock again.
  await page.clock.setSystemTime(Date.now());
  // One button starts again, with the data already typed.
  await expect(page.getByRole('button', { name: 'Gerar Novo PIX' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Gerar Novo PIX' }).click();
  await expect(page.getByRole('img', { name: /QR Code do PIX/ })).toBeVisible();
});

test("a failed generation offers 'Tentar Novamente'", async ({ page }) => {
  await signedInAccount(page.request, { email: uniqueEmail('falha') });
  let failures = 1;
  await page.route('**/api/payments', async (route) => {
    if (failures-- > 0) {
      await route.fulfill({
        status: 502,
        json: {
          error: {
            code: 'billing/generation-failed',
            message: 'Não foi possível gerar o pagamento. Por favor, tente novamente mais tarde.',
          },
        },
      });
    } else {
      await route.continue();
    }
  });
  await page.goto('/assinatura');
  await page.getByRole('button', { name: 'Assinar Semanal' }).click();
  await fillPayer(page);
  await page.getByRole('button', { name: 'Gerar PIX' }).click();
  await expect(
    page.getByText('Não foi possível gerar o pagamento. Por favor, tente novamente mais tarde.'),
  ).toBeVisible();
  await shoot(page, 'payment-error-1280-light');
  await page.getByRole('button', { name: 'Tentar Novamente' }).click();
  await expect(page.getByRole('img', { name: /QR Code do PIX/ })).toBeVisible();
});

test('past the free limit, a token package pays each new check, said before it is spent', async ({
  page,
}) => {
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('pacote-limite') });
  for (const number of [1, 2, 3]) {
    const response = await page.request.post(`/api/questions/${EXAM_ID}_${number}/check`, {
      headers: { origin: process.env.E2E_BASE_URL! },
      data: { letter: 'A' },
    });
    expect(response.status()).toBe(200);
  }
  runOperatorCommand('user:grant-tokens', email, '1');
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_4`);
  await expect(page.getByText('Esta conferência usa 1.000 tokens do seu pacote')).toBeVisible();
  await page.locator('label').filter({ hasText: /^B/ }).first().click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  await expect(page.getByText(/^(Correto, Parabéns!|Errado! A alternativa correta)/)).toBeVisible();
  // Announced before the check only: once spent, nothing says it again under the result.
  await expect(page.getByText(/tokens do seu pacote/)).toHaveCount(0);
  await shoot(page, 'package-check-1280-light');
  await page.goto('/conta');
  const details = page.getByRole('region', { name: 'Detalhes da conta' });
  await expect(details).toContainText('79.000');
});
