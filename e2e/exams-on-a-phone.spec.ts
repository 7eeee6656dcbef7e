import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cookie, Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, test } from './support/fixtures';
import { runOperatorCommandIn } from './support/operator';
import { shoot } from './support/screenshots';

/*
 * Printed exams on a 390×844 phone, from the synthetic examples: a scan and an emblem sized by what
 * they are, the zoom of the scan, a tall formula inside a sentence, an option block item without its
 * counterpart, and a link to a common question of an exam with option blocks. On a server of its
 * own: the examples add exams that other specs count. One page load per case.
 */
const KINDS = 'exemplo_2024_figuras_por_tipo_prova';
const FORMULAS = 'exemplo_2024_formulas_prova';
const UNPAIRED = 'exemplo_enem_2022_prova';
const EXAMPLES = ['figuras-por-tipo', 'formulas-na-linha', 'opcoes-desiguais'];

/** The examples in one catalogue folder, so one import (one process) brings them all. */
function mergedExamples(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-e2e-exemplos-'));
  const disciplines: Record<string, string> = {};
  for (const example of EXAMPLES) {
    const source = path.join('content/examples', example);
    Object.assign(
      disciplines,
      JSON.parse(fs.readFileSync(path.join(source, 'disciplinas.json'), 'utf8')),
    );
    for (const sub of ['provas', 'imagens']) {
      if (fs.existsSync(path.join(source, sub))) {
        fs.cpSync(path.join(source, sub), path.join(dir, sub), { recursive: true });
      }
    }
  }
  fs.writeFileSync(path.join(dir, 'disciplinas.json'), JSON.stringify(disciplines, null, 2));
  return dir;
}

test.describe('printed exams on a phone', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 390, height: 844 } });

  let server: AppServer;
  let student: Cookie[];
  let importOutput: string;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    server = await startAppServer({ SMTP_URL: process.env.E2E_SMTP_URL! });
    const folder = mergedExamples();
    try {
      importOutput = runOperatorCommandIn(server.dataDir, 'content:import', folder);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    const context = await playwright.request.newContext();
    await signedInAccount(context, { email: uniqueEmail('celular'), origin: server.url });
    student = (await context.storageState()).cookies;
    await context.dispose();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  /** A question of an exam, opened by its link as the signed-in student. */
  const open = async (page: Page, exam: string, questionId: string, number: number) => {
    await page.context().addCookies(student);
    await page.goto(`${server.url}/questoes?prova=${exam}&q=${questionId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Questão ${number}` })).toBeVisible();
    return page.getByRole('region', { name: 'Enunciado' });
  };

  /** The width the statement's text takes: the column a figure has. */
  const columnOf = async (statement: ReturnType<Page['getByRole']>) =>
    (await statement.locator('p').first().boundingBox())!;

  test('a scan keeps its readable width, and its zoom opens no smaller than the page drew it', async ({
    page,
  }) => {
    const statement = await open(page, KINDS, `${KINDS}_1`, 1);
    const column = await columnOf(statement);
    const opener = statement.getByRole('button', { name: /^Ampliar figura: Página digitalizada/ });
    const drawn = (await opener.locator('img').boundingBox())!;
    // Text-like: its readable width (60% of 1,800 px, at most 720), wider than the column; it
    // scrolls sideways inside its frame instead of shrinking.
    // (The frame's 1 px border is inside that width.)
    expect((await opener.boundingBox())!.width).toBeGreaterThanOrEqual(719.5);
    expect(drawn.width).toBeGreaterThan(column.width);
    await expect(
      statement.getByRole('region', { name: /^Figura com rolagem lateral: Página digitalizada/ }),
    ).toBeVisible();
    await shoot(page, 'phone-scan-390');

    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Figura ampliada' });
    const zoomed = dialog.locator('img');
    await expect(zoomed).toBeVisible();
    await expect
      .poll(async () => (await zoomed.boundingBox())!.width)
      .toBeGreaterThanOrEqual(drawn.width - 0.5);
    await shoot(page, 'phone-scan-zoom-390', { fullPage: false });
  });

  test('a logo fits the column', async ({ page }) => {
    const statement = await open(page, KINDS, `${KINDS}_2`, 2);
    const column = await columnOf(statement);
    const emblem = statement.getByRole('button', { name: /^Ampliar figura: Emblema circular/ });
    const box = (await emblem.locator('img').boundingBox())!;
    // Picture-like: the 1346×750 emblem shrinks to the column, whole, with nothing to scroll.
    expect(box.width).toBeLessThanOrEqual(column.width + 0.5);
    expect(box.width).toBeGreaterThan(column.width * 0.9);
    expect(box.width / box.height).toBeCloseTo(1346 / 750, 1);
    await expect(
      statement.getByRole('region', { name: /^Figura com rolagem lateral/ }),
    ).toHaveCount(0);
    await expect(statement.getByText('Deslize para ver a figura inteira')).toHaveCount(0);
    await shoot(page, 'phone-emblem-390');
  });

  test('a tall formula inside a sentence keeps its subscript at 9 px or more', async ({ page }) => {
    const statement = await open(page, FORMULAS, `${FORMULAS}_1`, 1);
    const column = await columnOf(statement);
    const formula = statement.getByRole('button', { name: /^Ampliar figura: v índice m/ });
    const box = (await formula.locator('img').boundingBox())!;
    // 130×94 with a 15 px subscript: taller than 2.5em of the text, it leaves the line as a small
    // block at its own size, centred in the column.
    const fontSize = await statement
      .locator('p')
      .first()
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(94).toBeGreaterThan(fontSize * 2.5);
    expect(await formula.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    expect(box.height).toBeCloseTo(94, 0);
    expect(box.width).toBeCloseTo(130, 0);
    expect(Math.abs(box.x + box.width / 2 - (column.x + column.width / 2))).toBeLessThanOrEqual(1);
    const subscriptPx = 15 * (box.height / 94);
    expect(subscriptPx).toBeGreaterThanOrEqual(9);
    // At DPR 1 a CSS pixel is a screen pixel.
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(1);
    await shoot(page, 'phone-formula-390');
  });

  test('an option block item without its counterpart imports, with a warning', async ({ page }) => {
    expect(importOutput).toMatch(/Aviso: .*espanhol.*questão 3/);
    await page.context().addCookies(student);
    const chosen = await page.request.put(`${server.url}/api/exams/${UNPAIRED}/opcao`, {
      headers: { origin: server.url },
      data: { opcao: 'ingles' },
    });
    expect(chosen.ok()).toBe(true);
    await open(page, UNPAIRED, `${UNPAIRED}_ingles_3`, 3);
    await expect(page.getByText('Opção: Inglês')).toBeVisible();
    // The common 8 and the 3 of Inglês.
    await expect(page.getByText('3 / 11').first()).toBeVisible();
    await shoot(page, 'phone-unpaired-item-390');
  });

  test('a link to a common question opens it before the language is chosen', async ({
    page,
    playwright,
  }) => {
    // Another student, who has chosen no language.
    const context = await playwright.request.newContext();
    await signedInAccount(context, { email: uniqueEmail('sem-opcao'), origin: server.url });
    await page.context().addCookies((await context.storageState()).cookies);
    await context.dispose();
    await page.goto(`${server.url}/questoes?prova=${UNPAIRED}&q=${UNPAIRED}_6`);
    await expect(page.getByRole('heading', { level: 1, name: 'Questão 6' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/questoes');
    await expect(page.getByRole('group', { name: 'Qual opção você vai fazer?' })).toHaveCount(0);
    await shoot(page, 'phone-common-question-390');
  });
});
