import { AI_MESSAGES } from '@gabarita/shared';
import { startFakeOpenAi, type FakeProvider } from '../apps/server/test/helpers/fake-ai-providers';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { runOperatorCommandIn } from './support/operator';

/**
 * A server stopped (SIGTERM) while the tutor writes a reply: the reply runs until the grace period
 * is over, then the chat says it was interrupted by a restart and cost nothing
 * (docs/deployment.md, "Stopping and restarting").
 */
const EXAM_ID = 'cmva_2017_professor_matematica_prova';
const REPLY =
  'Vamos por partes. A média é a soma dos valores dividida pela quantidade de meses, e cada alternativa errada soma ou divide de outro jeito.';

let provider: FakeProvider;
let server: AppServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startFakeOpenAi();
  server = await startAppServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: provider.url,
    AI_MODEL: 'modelo-de-teste',
    SHUTDOWN_GRACE_MS: '1500',
    SMTP_URL: process.env.E2E_SMTP_URL!,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

test('a tutor reply cut by a restart says so, and the chat can be used again', async ({ page }) => {
  test.setTimeout(120_000);
  provider.script({ text: 'Resumo: a média divide a soma pelo número de meses.' });
  await page.goto(`${server.url}/login`);
  const { email } = await signedInAccount(page.context().request, {
    email: uniqueEmail('reinicio'),
    origin: server.url,
  });
  runOperatorCommandIn(server.dataDir, 'user:grant-premium', email, '30');
  await page.goto(`${server.url}/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_1`);
  await page.locator('label').filter({ hasText: /^B/ }).first().click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  await expect(page.getByRole('region', { name: 'Explicação da IA' })).toContainText('Resumo:');

  // Slower than the grace period: the stop cuts it.
  provider.script({ text: `${REPLY} ${REPLY} ${REPLY}`, chunkDelayMs: 400 });
  await page.getByLabel('Sua pergunta sobre a questão').fill('Pode explicar de novo?');
  await page.keyboard.press('Enter');
  const conversation = page.getByRole('list', { name: 'Conversa' });
  await expect(conversation.getByRole('listitem').nth(1)).toContainText('Vamos por partes');
  await server.stop();
  await expect(conversation).toContainText(AI_MESSAGES.interruptedByRestart);
  await expect(page.getByLabel('Sua pergunta sobre a questão')).toBeEnabled();
  await page.screenshot({
    path: 'e2e/.artifacts/screenshots/tutor-restart-1280-light.png',
    fullPage: true,
  });
  await expectAccessible(page);
});
