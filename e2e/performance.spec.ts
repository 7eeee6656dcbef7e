import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { runOperatorCommand } from './support/operator';

function keyOf(examId: string, number: number): { right: string; wrong: string } {
  const exam = JSON.parse(
    fs.readFileSync(path.join('content/sample/provas', `${examId}.json`), 'utf8'),
  );
  const question = exam.questoes[String(number)];
  const letters: string[] = question.Alternativas.map((alternative: string) => alternative[0]);
  return {
    right: question.gabarito,
    wrong: letters.find((letter) => letter !== question.gabarito)!,
  };
}

/** Answers through the API, as the question viewer does. */
async function answer(request: APIRequestContext, examId: string, number: number, right: boolean) {
  const { right: good, wrong } = keyOf(examId, number);
  const response = await request.post(`/api/questions/${examId}_${number}/check`, {
    headers: { origin: process.env.E2E_BASE_URL! },
    data: { letter: right ? good : wrong },
  });
  expect(response.status()).toBe(200);
}

test('statistics match the answers; a discipline expands; reset empties them', async ({ page }) => {
  // Four screenshots with an accessibility scan each: more than the default budget on a busy machine.
  test.setTimeout(120_000);
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('desempenho') });
  runOperatorCommand('user:grant-premium', email, '30');
  const matematica = 'cmva_2017_professor_matematica_prova';
  await answer(page.request, matematica, 1, true); // matemática
  await answer(page.request, matematica, 3, true); // matemática
  await answer(page.request, matematica, 4, false); // matemática
  await answer(page.request, matematica, 9, true); // legislação
  const summary = await (await page.request.get('/api/me/history/summary')).json();
  expect(summary.totals).toEqual({ answered: 4, correct: 3, wrong: 1, successRate: 75 });

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      // Charts drawn at once (no animation), so the screenshot shows them whole.
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto('/meu-desempenho');
      await expect(page.getByRole('heading', { level: 1, name: 'Meu Desempenho' })).toBeVisible();
      await expect(page.getByRole('img', { name: /Matemática/ }).first()).toBeVisible();
      // Progress over time: today's four answers, as a chart and in the table.
      const progress = page.getByRole('region', { name: 'Evolução' });
      await expect(
        progress.getByRole('img', { name: /4 respostas nos últimos 30 dias/ }),
      ).toBeVisible();
      await expect(progress.getByRole('img', { name: /taxa de acerto por semana/ })).toBeVisible();
      await page.screenshot({
        path: `e2e/.artifacts/screenshots/performance-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await expectAccessible(page);
    }
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText('75%').first()).toBeVisible();
  const toggle = page.getByRole('button', { name: /Matemática/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('img', { name: /por assunto em Matemática/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Tabela' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Matemática/ }).first()).toContainText('3');
  await expect(table.getByRole('row', { name: /Legislação Educacional/ }).first()).toContainText(
    '100',
  );

  await page.getByRole('button', { name: 'Resetar Meu Histórico' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Resetar Meu Histórico' }).click();
  await dialog.getByRole('button', { name: 'Resetar histórico' }).click();
  await expect(
    page.getByText(
      'Você ainda não respondeu nenhuma questão. Resolva questões para acompanhar seu desempenho aqui.',
    ),
  ).toBeVisible();
  const after = await (await page.request.get('/api/me/history/summary')).json();
  expect(after.totals.answered).toBe(0);
});

test('a free account sees its totals and the invitation to Premium', async ({
  page,
  freeAccount,
}) => {
  await page.context().addCookies(freeAccount.cookies);
  await page.goto('/meu-desempenho');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Desempenho' })).toBeVisible();
  await page.screenshot({
    path: 'e2e/.artifacts/screenshots/performance-free-1280-light.png',
    fullPage: true,
  });
  await expect(page.getByRole('table')).toHaveCount(0);
});
