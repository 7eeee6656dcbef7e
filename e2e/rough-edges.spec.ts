import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { actionLinkIn, lastMailTo } from './support/mailbox';
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

async function check(request: APIRequestContext, number: number, right: boolean) {
  const { right: good, wrong } = letters(number);
  const response = await request.post(`/api/questions/${EXAM_ID}_${number}/check`, {
    headers: { origin: process.env.E2E_BASE_URL! },
    data: { letter: right ? good : wrong },
  });
  expect(response.status()).toBe(200);
}

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Light and dark screenshots, each with an accessibility scan. */
async function shoot(page: Page, name: string, width: number) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.screenshot({
      path: `e2e/.artifacts/screenshots/rough-${name}-${width}-${colorScheme}.png`,
      fullPage: true,
    });
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

async function choose(page: Page, letter: string) {
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${letter}"]`) })
    .click();
}

for (const viewport of VIEWPORTS) {
  test(`free checks left, and the limit keeps the choice, at ${viewport.width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    // A frame may come before the app has rendered what a check answered (a busy machine, a slow
    // phone): here every one does, so the refusal must be brought into view once it is on screen.
    await page.addInitScript(() => {
      window.requestAnimationFrame = (callback) =>
        window.setTimeout(() => callback(performance.now()), 0);
      window.cancelAnimationFrame = (handle) => window.clearTimeout(handle);
    });
    await signedInAccount(page.request, { email: uniqueEmail('limite') });
    await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_1`);
    const left = page.getByText(/questões hoje$/);
    await expect(left).toHaveText('Verificações restantes na conta gratuita: 3 de 3 questões hoje');
    await choose(page, letters(1).right);
    await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
    await expect(page.getByText('Correto, Parabéns!')).toBeVisible();
    await expect(left).toHaveText('Verificações restantes na conta gratuita: 2 de 3 questões hoje');

    await check(page.request, 2, true);
    await check(page.request, 3, false);
    await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_4`);
    await expect(left).toHaveText('Verificações restantes na conta gratuita: 0 de 3 questões hoje');
    const chosen = letters(4).wrong;
    // By the keys the page offers (the button may sit below the fold, where a click would first
    // bring it into view).
    await page.keyboard.press(chosen);
    await page.keyboard.press('Enter');
    const warning = page.getByRole('alert');
    await expect(warning).toContainText('Seu limite de questões foi atingido');
    await expect(warning).toContainText(`Sua resposta (${chosen}) fica guardada`);
    await expect(page.getByRole('radio', { name: new RegExp(`^${chosen}\\)`) })).toBeChecked();
    // Brought into view whole, with its way to the plans, and focused so it is read out.
    await expect(warning).toBeInViewport({ ratio: 1 });
    await expect(warning.getByRole('link', { name: 'Ver planos' })).toBeInViewport({ ratio: 1 });
    await expect(page.locator(':focus')).toContainText('Seu limite de questões foi atingido');
    await shoot(page, 'limite', viewport.width);
  });

  test(`home: filters behind 'Filtros', 'Órgão', whole Banca names, at ${viewport.width} px`, async ({
    page,
    freeAccount,
  }) => {
    test.setTimeout(120_000);
    await page.context().addCookies(freeAccount.cookies);
    await page.setViewportSize(viewport);
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Provas' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    if (viewport.width < 768) {
      expect((await cards.first().boundingBox())!.y).toBeLessThan(viewport.height - 100);
      await page.getByRole('button', { name: /^Filtros/ }).click();
    }
    await expect(page.getByRole('combobox', { name: 'Órgão' })).toBeVisible();
    // The board's full name is shown, never cut.
    const banca = cards.first().locator('dd').first();
    await expect(banca).toHaveText('Instituto Horizonte de Seleção');
    const cut = await banca.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
    await shoot(page, 'home', viewport.width);
  });

  test(`performance bars keep every label and rate at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const { email } = await signedInAccount(page.request, { email: uniqueEmail('barras') });
    runOperatorCommand('user:grant-premium', email, '30');
    await check(page.request, 1, true); // Matemática 100%
    await check(page.request, 6, false); // Raciocínio Lógico 0%
    await check(page.request, 9, true); // Legislação 100%
    await check(page.request, 10, false); // Legislação 50%
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/meu-desempenho');
    const bars = page.getByRole('img', { name: /acertos e erros por disciplina/ });
    const rows = bars.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    for (const [name, rate] of [
      ['Matemática', '100%'],
      ['Legislação Educacional', '50%'],
      ['Raciocínio Lógico', '0%'],
    ]) {
      const row = rows.filter({ hasText: name! });
      await expect(row.getByText(name!, { exact: true })).toBeVisible();
      await expect(row.getByText(rate!, { exact: true })).toBeVisible();
    }
    await shoot(page, 'desempenho', viewport.width);
  });
}

test('the menu highlights the section of the exam dashboard and of the questions', async ({
  page,
  freeAccount,
}) => {
  await page.context().addCookies(freeAccount.cookies);
  await page.setViewportSize({ width: 1280, height: 800 });
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const questions = menu.getByRole('link', { name: 'Questões de concurso' });
  await page.goto(`/prova-dashboard?prova=${EXAM_ID}`);
  await expect(questions).toHaveAttribute('aria-current', 'true');
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_1`);
  await expect(questions).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/rough-menu-1280-light.png' });
  await page.goto('/conteudo-didatico');
  await expect(menu.getByRole('link', { name: 'Disciplinas isoladas' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(questions).not.toHaveAttribute('aria-current');
});

test('sign-up states the terms, the privacy policy and the under-18 rule', async ({ page }) => {
  test.setTimeout(120_000);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/signup');
    const consent = page.getByText(/Ao criar sua conta, você aceita os/);
    await expect(consent).toContainText(
      'Menores de 18 anos precisam do consentimento dos pais ou do responsável legal.',
    );
    await expect(consent.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/termos',
    );
    await expect(consent.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/politicas',
    );
    await shoot(page, 'signup', viewport.width);
  }
});

test('the error report offers no AI types where no AI wrote', async ({ page, freeAccount }) => {
  await page.context().addCookies(freeAccount.cookies);
  await page.goto(`/questoes?prova=${EXAM_ID}&q=${EXAM_ID}_1`);
  await page.getByRole('button', { name: 'Reportar erro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar erro na questão' });
  await expect(dialog.getByRole('radio')).toHaveCount(6);
  await expect(dialog.getByRole('radio', { name: /^IA / })).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Gabarito divergente' })).toBeVisible();
});

test("help search: 'pix' finds PIX, not 'pixels'", async ({ page }) => {
  await page.goto('/ajuda');
  await page.getByRole('searchbox').fill('pix');
  await expect(
    page.getByRole('button', { name: 'Como funciona o pagamento por PIX?' }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Como altero meu nome ou minha foto de perfil?' }),
  ).toHaveCount(0);
  // A word typed halfway still finds it.
  await page.getByRole('searchbox').fill('cancel');
  await expect(
    page.getByRole('button', {
      name: 'O plano é renovado automaticamente? Como faço o cancelamento?',
    }),
  ).toBeVisible();
});

test('a verification link opened again says the address is verified and offers sign-in', async ({
  page,
}) => {
  const email = uniqueEmail('reaberto');
  await signedInAccount(page.request, { email });
  // signedInAccount followed the link once already; the person is signed out now.
  await page.context().clearCookies();
  await page.goto(actionLinkIn(await lastMailTo(email)));
  await expect(page).toHaveURL(/\/login\?verificado=ja/);
  await expect(
    page.getByText('Este e-mail já foi verificado. Você já pode fazer o login.'),
  ).toBeVisible();
  await expect(page.getByText('Link de verificação inválido ou expirado.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
});
