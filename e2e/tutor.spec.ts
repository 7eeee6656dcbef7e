import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { runOperatorCommand } from './support/operator';

/** The e2e server runs the default offline tutor: it must never read as AI. */
const EXAM_ID = 'cmva_2017_professor_matematica_prova';
const sampleExam = JSON.parse(
  fs.readFileSync(path.join('content/sample/provas', `${EXAM_ID}.json`), 'utf8'),
) as { questoes: Record<string, { gabarito: string }> };
const keyOf = (number: number) => sampleExam.questoes[String(number)]!.gabarito;

async function shoot(page: Page, name: string) {
  // From the top, so the sticky header sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage: true });
  await expectAccessible(page);
}

async function openAndCheck(page: Page, number: number) {
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_${number}`);
  const letter = keyOf(number);
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${letter}"]`) })
    .click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  await expect(page.getByText('Correto, Parabéns!')).toBeVisible();
}

/** 'Hoje: 79.520 de entrada · 39.710 de saída' as numbers. */
async function todayTokens(page: Page) {
  const text = await page.getByRole('region', { name: 'Contador de tokens' }).innerText();
  const match = text.match(/Hoje: ([\d.]+) de entrada · ([\d.]+) de saída/);
  if (!match) throw new Error(`contador sem a cota de hoje: ${text}`);
  return {
    input: Number(match[1]!.replaceAll('.', '')),
    output: Number(match[2]!.replaceAll('.', '')),
  };
}

async function premium(page: Page, prefix: string) {
  const { email } = await signedInAccount(page.request, { email: uniqueEmail(prefix) });
  runOperatorCommand('user:grant-premium', email, '30');
  return email;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the explanation streams in after the check at ${viewport.width} px ${colorScheme}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await premium(page, 'tutor');
      await openAndCheck(page, 2);
      const explanation = page.getByRole('region', { name: 'Explicação do tutor offline' });
      await expect(explanation).toContainText(`gabarito oficial`);
      await expect(explanation).toContainText(
        'Tutor offline: este texto foi montado automaticamente',
      );
      await expect(page.getByRole('region', { name: 'Explicação da IA' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Contador de tokens' })).toBeVisible();
      await shoot(page, `tutor-explanation-${viewport.width}-${colorScheme}`);
    });
  }
}

test('a stored explanation is free for the next user, and the offline tutor never writes it twice', async ({
  page,
  browser,
}) => {
  await premium(page, 'primeiro');
  await openAndCheck(page, 5);
  const explanation = page.getByRole('region', { name: 'Explicação do tutor offline' });
  await expect(explanation).toContainText('gabarito oficial');

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const second = await context.newPage();
  await premium(second, 'segundo');
  await openAndCheck(second, 5);
  await expect(second.getByRole('region', { name: 'Explicação do tutor offline' })).toContainText(
    'gabarito oficial',
  );
  // It would be the same text, paid again: not offered.
  await expect(second.getByRole('button', { name: 'Reanalisar com IA' })).toHaveCount(0);
  expect(await todayTokens(second)).toEqual({ input: 80_000, output: 40_000 });
  await context.close();
});

test('chat about the question, and a study text from Estudar com IA', async ({ page }) => {
  await premium(page, 'chat');
  await openAndCheck(page, 3);
  const input = page.getByLabel('Sua pergunta sobre a questão');
  await input.fill('Por que esta é a resposta?');
  await input.press('Enter');
  const conversation = page.getByRole('list', { name: 'Conversa' });
  await expect(conversation.getByRole('listitem')).toHaveCount(2);
  await expect(conversation.getByRole('listitem').nth(1)).not.toContainText('Escrevendo...');
  await page.getByRole('button', { name: 'Dê um exemplo' }).click();
  await expect(conversation.getByRole('listitem')).toHaveCount(4);
  await shoot(page, 'tutor-chat-1280-light');

  await page.goto('/conteudo-didatico?disciplina=matematica');
  const subjects = page.getByRole('list', { name: 'Assuntos da disciplina' });
  await subjects
    .getByRole('button', { name: /^Estudar com IA:/ })
    .first()
    .click();
  await expect(page).toHaveURL(/estudo=1/);
  const study = page.getByRole('region', { name: 'Conteúdo didático do tutor offline' });
  // The offline tutor would write the same text again: nothing to regenerate.
  await expect(study.getByRole('button', { name: 'Gerar novamente' })).toHaveCount(0);
  await shoot(page, 'tutor-study-text-1280-light');
});

test('a free account is shown what the tutor offers and invited to the plans, with the way back', async ({
  page,
}) => {
  await signedInAccount(page.request, { email: uniqueEmail('livre-ia') });
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_6`);
  const letter = keyOf(6);
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${letter}"]`) })
    .click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  // Nothing to type into: the chat says what it offers.
  const chat = page.getByRole('region', { name: 'Perguntas ao tutor offline' });
  await expect(chat).toContainText('Disponível no Premium ou com um pacote de tokens');
  await expect(chat.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver a explicação' }).click();
  await expect(page).toHaveURL(/\/assinatura$/);
  // No 'limit reached' for an account that never had an allowance.
  await expect(page.getByText('Seu limite de uso da Inteligência Artificial')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voltar para a questão' })).toBeVisible();
});

test('a free account with a package uses AI, and the package drains', async ({ page }) => {
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('pacote-ia') });
  runOperatorCommand('user:grant-tokens', email, '1');
  await openAndCheck(page, 7);
  const counter = page.getByRole('region', { name: 'Contador de tokens' });
  await expect(counter).not.toContainText('Hoje:');
  await expect(page.getByRole('region', { name: 'Explicação do tutor offline' })).toContainText(
    'gabarito oficial',
  );
  await expect
    .poll(async () => counter.innerText())
    .toMatch(/Pacote: (?!80\.000 de entrada)[\d.]+ de entrada/);
});

test('tokens running out mid-study lead to the plans with the AI warning', async ({ page }) => {
  await premium(page, 'cota');
  // The refusal waits until the check's result has been seen: it sends the page away at once.
  let seeCheck!: () => void;
  const checkSeen = new Promise<void>((resolve) => (seeCheck = resolve));
  await page.route('**/api/questions/*/feedback', async (route) => {
    await checkSeen;
    await route.fulfill({
      status: 402,
      json: {
        error: {
          code: 'limit/ai',
          message:
            'Seu limite de uso da Inteligência Artificial foi atingido para conta free! Faça o upgrade para conta Premium, ou contrate um pacote de Tokens.',
        },
      },
    });
  });
  await openAndCheck(page, 8);
  seeCheck();
  await expect(page).toHaveURL(/\/assinatura\?motivo=ai_limit/);
});
