import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { runOperatorCommand } from './support/operator';

interface SampleQuestion {
  gabarito: string;
  Alternativas: string[];
}
const EXAM_ID = 'cmva_2017_professor_matematica_prova';
const sampleExam = JSON.parse(
  fs.readFileSync(path.join('content/sample/provas', `${EXAM_ID}.json`), 'utf8'),
) as { questoes: Record<string, SampleQuestion> };

/** The right letter of a demonstration question, and a wrong one. */
function letters(number: number) {
  const question = sampleExam.questoes[String(number)]!;
  const all = question.Alternativas.map((alternative) => alternative[0]!);
  return { right: question.gabarito, wrong: all.find((letter) => letter !== question.gabarito)! };
}

async function choose(page: Page, filter: string, typed: string) {
  const combobox = page.getByRole('combobox', { name: filter });
  await combobox.click();
  await combobox.fill(typed);
  await combobox.press('Enter');
}

/** Picks the alternative as a person does (clicking its card) and checks the answer. */
async function answer(page: Page, letter: string) {
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${letter}"]`) })
    .click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${letter}\\)`) })).toBeChecked();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`filters and infinite scroll on the exam list at ${viewport.width} px`, async ({
    page,
    freeAccount,
  }) => {
    await page.context().addCookies(freeAccount.cookies);
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByText('18 provas encontradas')).toBeVisible();
    const cards = page.getByRole('list', { name: 'Provas' }).getByRole('listitem');
    await expect(cards).toHaveCount(15);
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect(cards).toHaveCount(18);

    const phone = viewport.width < 768;
    const filtersButton = page.getByRole('button', { name: /^Filtros/ });
    if (phone) {
      // The filters fold behind one button so the first exams show on the first screen.
      await page.mouse.wheel(0, -10000);
      await expect(page.getByRole('combobox', { name: 'Ano' })).toBeHidden();
      const firstCardTop = (await cards.first().boundingBox())!.y;
      expect(firstCardTop).toBeLessThan(viewport.height);
      await filtersButton.click();
      await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
    } else {
      await expect(filtersButton).toBeHidden();
    }
    await expect(page.getByRole('combobox', { name: 'Assunto' })).toBeDisabled();
    await choose(page, 'Ano', '2017');
    await expect(page.getByText('8 provas encontradas')).toBeVisible();
    await choose(page, 'Disciplina', 'matematica'.slice(0, 6));
    await expect(page.getByText('1 prova encontrada')).toBeVisible();
    await expect(cards.first()).toContainText('Professor de Matemática');
    await expect(cards.first()).toContainText('5 questões de Matemática');
    await expect(page.getByRole('combobox', { name: 'Assunto' })).toBeEnabled();

    // Filters survive a reload (session storage).
    await page.reload();
    await expect(page.getByText('1 prova encontrada')).toBeVisible();
    if (phone) {
      await expect(filtersButton).toHaveAccessibleName('Filtros 2 ativos');
      await filtersButton.click();
    }
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page.getByText('18 provas encontradas')).toBeVisible();
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`open an exam, answer right and wrong, reload mid-exam, hit the free limit at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedInAccount(page.request, { email: uniqueEmail('livre') });
    await page.goto('/');
    await page
      .getByRole('link', { name: /Professor de Matemática/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/prova-dashboard\?prova=cmva_2017_professor_matematica_prova/);
    await expect(
      page.getByRole('list', { name: 'Questões da prova' }).getByRole('listitem'),
    ).toHaveCount(10);
    await page.getByRole('list', { name: 'Questões da prova' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/questoes\?/);
    await expect(page.getByText('1 / 10').first()).toBeVisible();

    const first = letters(1);
    const check = page.getByRole('button', { name: 'Verificar Gabarito' });
    await expect(check).toBeDisabled();
    await answer(page, first.right);
    await expect(page.getByText('Correto, Parabéns!')).toBeVisible();
    await expect(check).toBeDisabled();

    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('2 / 10').first()).toBeVisible();
    const second = letters(2);
    await answer(page, second.wrong);
    await expect(
      page.getByText(`Errado! A alternativa correta é a "${second.right}".`),
    ).toBeVisible();

    // Reload mid-exam: same question, starting fresh, with the first answer recalled.
    await page.reload();
    await expect(page.getByText('2 / 10').first()).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^Você respondeu ${second.wrong} em \\d{2}/\\d{2}/\\d{4}$`)),
    ).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(check).toBeDisabled();
    // Answering it again shows the key and costs no free check.
    await answer(page, second.right);
    await expect(page.getByText('Correto, Parabéns!')).toBeVisible();

    await page.getByRole('button', { name: 'Próxima' }).click();
    await answer(page, letters(3).right);
    await expect(page.getByText('Correto, Parabéns!')).toBeVisible();

    await expect(page.getByText(/questões hoje$/)).toHaveText(
      'Verificações restantes na conta gratuita: 0 de 3 questões hoje',
    );
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('4 / 10').first()).toBeVisible();
    const fourth = letters(4).right;
    await answer(page, fourth);
    // The limit keeps the choice and offers the plans, with the way back to this question.
    const warning = page.getByRole('alert');
    await expect(warning).toContainText(
      'Seu limite de questões foi atingido para conta free! Faça o upgrade para conta Premium, ou contrate um pacote de Tokens.',
    );
    await expect(page.getByRole('radio', { name: new RegExp(`^${fourth}\\)`) })).toBeChecked();
    await warning.getByRole('link', { name: 'Ver planos' }).click();
    await expect(page).toHaveURL(/\/assinatura\?motivo=question_limit/);
    await expect(page.getByRole('alert')).toHaveText(
      'Seu limite de questões foi atingido para conta free! Faça o upgrade para conta Premium, ou contrate um pacote de Tokens.',
    );
    await page.getByRole('link', { name: 'Voltar para a questão' }).click();
    await expect(page.getByText('4 / 10').first()).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(`^${fourth}\\)`) })).toBeChecked();

    // The exam now carries the eye icon and the answered marks.
    await page.goto('/');
    await expect(page.getByLabel('Você já abriu esta prova').first()).toBeVisible();
  });
}

test('a premium account checks without limit', async ({ page }) => {
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('premium') });
  runOperatorCommand('user:grant-premium', email, '30');
  await page.goto(`/questoes?prova=${EXAM_ID}`);
  for (let number = 1; number <= 5; number++) {
    await expect(page.getByText(`${number} / 10`).first()).toBeVisible();
    await answer(page, letters(number).right);
    await expect(page.getByText('Correto, Parabéns!')).toBeVisible();
    await page.getByRole('button', { name: 'Próxima' }).click();
  }
  await expect(page).toHaveURL(/\/questoes/);
});

test('isolated subjects list questions of a discipline with marks', async ({
  page,
  premiumAccount,
}) => {
  await page.context().addCookies(premiumAccount.cookies);
  await page.goto('/conteudo-didatico');
  // The e2e server runs the offline tutor: the prompt does not speak of AI.
  await expect(page.getByText('Selecione uma disciplina para estudar.')).toBeVisible();
  await choose(page, 'Disciplina', 'Legisla');
  await expect(page.getByText('22 questões encontradas')).toBeVisible();
  await page.reload();
  await expect(page.getByText('22 questões encontradas')).toBeVisible();
});

test('the question viewer reads its exam and question once, from the preloads sent with the page', async ({
  page,
  freeAccount,
}) => {
  await page.context().addCookies(freeAccount.cookies);
  const reads: string[] = [];
  const unusedPreloads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && /^\/api\/(exams|questions)\//.test(pathname)) {
      reads.push(pathname);
    }
  });
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/i.test(message.text())) {
      unusedPreloads.push(message.text());
    }
  });
  const response = await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_3`);
  expect(response?.headers().link).toContain(`</api/questions/${EXAM_ID}_3>; rel=preload`);
  await expect(page.getByText('3 / 10').first()).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Alternativas' })).toBeVisible();
  // A second read of either would mean the app's own fetch did not take the preloaded answer.
  expect(reads.filter((path) => path === `/api/exams/${EXAM_ID}`)).toHaveLength(1);
  expect(reads.filter((path) => path === `/api/questions/${EXAM_ID}_3`)).toHaveLength(1);
  expect(unusedPreloads).toEqual([]);
});
