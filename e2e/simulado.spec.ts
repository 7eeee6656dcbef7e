import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { runOperatorCommand } from './support/operator';

const EXAM_ID = 'cmva_2017_professor_matematica_prova';
const sampleExam = JSON.parse(
  fs.readFileSync(path.join('content/sample/provas', `${EXAM_ID}.json`), 'utf8'),
) as { questoes: Record<string, { gabarito: string; Alternativas: string[] }> };

function letters(number: number) {
  const question = sampleExam.questoes[String(number)]!;
  const all = question.Alternativas.map((alternative) => alternative[0]!);
  return { right: question.gabarito, wrong: all.find((letter) => letter !== question.gabarito)! };
}

async function choose(page: Page, letter: string) {
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${letter}"]`) })
    .click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${letter}\\)`) })).toBeChecked();
}

async function shoot(page: Page, name: string, width: number) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.screenshot({
      path: `e2e/.artifacts/screenshots/simulado-${name}-${width}-${colorScheme}.png`,
      fullPage: true,
    });
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a simulado from an exam: answers survive a reload and a lost connection, the key comes at the end, at ${viewport.width} px`, async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const { email } = await signedInAccount(page.request, { email: uniqueEmail('simulado') });
    runOperatorCommand('user:grant-premium', email, '30');

    await page.goto(`/prova-dashboard?prova=${EXAM_ID}`);
    await page.getByRole('link', { name: 'Fazer como simulado' }).click();
    await expect(page).toHaveURL(/\/simulados\?prova=/);
    const start = page.getByRole('region', { name: 'Simulado da prova' });
    await expect(start).toContainText('10 questões');
    await expect(start).toContainText('30 min');
    await shoot(page, 'inicio', viewport.width);
    await start.getByRole('button', { name: 'Iniciar simulado' }).click();

    await expect(page).toHaveURL(/\/simulado\?id=/);
    await expect(page.getByRole('timer', { name: 'Tempo restante' })).toHaveText(
      /^(30:00|29:5\d)$/,
    );
    await expect(page.getByText('Questão 1 de 10')).toBeVisible();
    await choose(page, letters(1).right);
    await expect(page.getByText('Respostas salvas')).toBeVisible();
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('Questão 2 de 10')).toBeVisible();
    await choose(page, letters(2).wrong);
    await expect(page.getByText('Respostas salvas')).toBeVisible();
    // No key and no right/wrong before the end.
    await expect(page.getByText(/Correto|Errado!/)).toHaveCount(0);
    await shoot(page, 'em-andamento', viewport.width);

    // A reload loses nothing, and comes back to the question on screen.
    await page.reload();
    await expect(page.getByText('Questão 2 de 10')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Questão 1, respondida' })).toBeVisible();
    await expect(
      page.getByRole('radio', { name: new RegExp(`^${letters(2).wrong}\\)`) }),
    ).toBeChecked();

    // Nor does a lost connection: the choice waits and is sent when it comes back.
    await page.getByRole('button', { name: 'Questão 3', exact: true }).click();
    await expect(page.getByText('Questão 3 de 10')).toBeVisible();
    await context.setOffline(true);
    await choose(page, letters(3).right);
    await expect(page.getByText(/Sem conexão/)).toBeVisible();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Respostas salvas')).toBeVisible();

    await page.getByRole('button', { name: 'Finalizar simulado' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Finalizar simulado?' });
    await expect(dialog).toContainText('Você respondeu 3 de 10 questões; 7 ficam em branco');
    await dialog.getByRole('button', { name: 'Finalizar' }).click();

    const result = page.getByRole('region', { name: 'Resultado' });
    await expect(result).toContainText('2 de 10 pontos');
    await expect(result).toContainText('Regra padrão');
    const timeUsed = (await result.locator('dt:text-is("Tempo usado") + dd').innerText()).trim();
    expect(timeUsed).toMatch(/^(\d+ min )?\d+ s$|^\d+ min$/);
    const key = page.getByRole('region', { name: 'Gabarito' });
    const second = key.getByRole('row').nth(2);
    await expect(second).toContainText(letters(2).wrong);
    await expect(second).toContainText(letters(2).right);
    await expect(second).toContainText('Errada');
    await expect(page.getByRole('region', { name: 'Por disciplina' })).toContainText('Matemática');
    await shoot(page, 'resultado', viewport.width);

    // The answers count in the history, and the result is listed on /meu-desempenho.
    await key.getByRole('link', { name: 'Ver a questão 1', exact: true }).click();
    await expect(page).toHaveURL(/\/questoes\?prova=/);
    await expect(
      page.getByText(new RegExp(`^Você respondeu ${letters(1).right} em`)),
    ).toBeVisible();
    await page.goto('/meu-desempenho');
    const listed = page.getByRole('region', { name: 'Simulados' });
    await expect(listed).toContainText('2/10');
    await expect(listed).toContainText('2 acertos, 1 erro, 7 em branco');
    // The same time as on the result page (one formatter: '38 s' there is not '1 min' here).
    await expect(listed).toContainText(`7 em branco · ${timeUsed}`);
  });
}

test('montar simulado: N questions by filters', async ({ page, premiumAccount }) => {
  await page.context().addCookies(premiumAccount.cookies);
  await page.goto('/simulados');
  const form = page.getByRole('region', { name: 'Montar simulado' });
  const discipline = form.getByRole('combobox', { name: 'Disciplina' });
  await discipline.click();
  await discipline.fill('Matem');
  await discipline.press('Enter');
  await form.getByLabel('Número de questões').fill('3');
  await form.getByRole('button', { name: 'Iniciar simulado' }).click();
  await expect(page).toHaveURL(/\/simulado\?id=/);
  await expect(page.getByText('Questão 1 de 3')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Matemática');
});

test('free accounts see what a simulado is and the way to the plans', async ({
  page,
  freeAccount,
}) => {
  await page.context().addCookies(freeAccount.cookies);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/simulados');
    await expect(page.getByRole('heading', { name: 'Treine como no dia da prova' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Conhecer o Premium' })).toHaveAttribute(
      'href',
      '/assinatura',
    );
    if (width === 1280) {
      await expect(
        page
          .getByRole('navigation', { name: 'Menu principal' })
          .getByRole('link', { name: 'Simulados' }),
      ).toHaveAttribute('aria-current', 'page');
    }
    await shoot(page, 'free', width);
  }
  const refused = await page.request.post('/api/simulados', {
    headers: { origin: process.env.E2E_BASE_URL! },
    data: { examId: EXAM_ID },
  });
  expect(refused.status()).toBe(403);
});
