import type { Page } from '@playwright/test';
import { startFakeOpenAi, type FakeProvider } from '../apps/server/test/helpers/fake-ai-providers';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { runOperatorCommandIn } from './support/operator';

/**
 * A server whose tutor is a language model (an OpenAI-compatible peer on loopback that writes
 * slowly, as a real model does): the AI labels, the held navigation and the stop button.
 */
const EXAM_ID = 'cmva_2017_professor_matematica_prova';
const EXPLANATION =
  'A alternativa correta é a do gabarito oficial. **Por quê:** a média é a soma dividida pela quantidade de meses. As outras alternativas somam ou dividem errado. **Resumo:** some tudo e divida pelo número de meses.';

test.describe.configure({ mode: 'serial' });

let provider: FakeProvider;
let server: AppServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startFakeOpenAi();
  provider.script({ text: EXPLANATION, chunkDelayMs: 120 });
  server = await startAppServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: provider.url,
    AI_MODEL: 'modelo-de-teste',
    SMTP_URL: process.env.E2E_SMTP_URL!,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

async function signIn(page: Page) {
  const { email } = await signedInAccount(page.context().request, {
    email: uniqueEmail('modelo'),
    origin: server.url,
  });
  runOperatorCommandIn(server.dataDir, 'user:grant-premium', email, '30');
}

test('the explanation is written by the AI as it streams, holding the navigation meanwhile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/login`);
  await signIn(page);
  await page.goto(`${server.url}/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_1`);
  await page.locator('label').filter({ hasText: /^B/ }).first().click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  const explanation = page.getByRole('region', { name: 'Explicação da IA' });
  await expect(explanation).toContainText('gabarito oficial');
  await expect(page.getByRole('button', { name: 'Próxima' })).toBeDisabled();
  await expect(explanation).toContainText('Resumo:', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Próxima' })).toBeEnabled();
  await expect(explanation).not.toContainText('Tutor offline');
  await page.screenshot({
    path: 'e2e/.artifacts/screenshots/tutor-language-model-1280-light.png',
    fullPage: true,
  });
  await expectAccessible(page);
});

test('Parar ends a chat reply half-way', async ({ page }) => {
  test.setTimeout(120_000);
  provider.script({ text: `${EXPLANATION} ${EXPLANATION} ${EXPLANATION}`, chunkDelayMs: 250 });
  await page.goto(`${server.url}/login`);
  await signIn(page);
  await page.goto(`${server.url}/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_2`);
  await page.locator('label').filter({ hasText: /^A/ }).first().click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  await expect(page.getByRole('region', { name: 'Explicação da IA' })).toContainText('Resumo:', {
    timeout: 60_000,
  });
  const chatsBefore = provider.requests.length;
  await page.getByLabel('Sua pergunta sobre a questão').fill('Explique de novo, com calma.');
  await page.keyboard.press('Enter');
  const conversation = page.getByRole('list', { name: 'Conversa' });
  await expect(conversation.getByRole('listitem').nth(1)).toContainText('gabarito oficial');
  await page.getByRole('button', { name: 'Parar a resposta' }).click();
  await expect(conversation).toContainText('Resposta interrompida.');
  await expect.poll(() => provider.requests[chatsBefore]?.clientLeft).toBe(true);
});
