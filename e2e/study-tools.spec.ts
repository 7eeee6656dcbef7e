import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { check, wrongLetter } from './support/answers';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { runOperatorCommand } from './support/operator';

const ARTES = 'cmva_2017_professor_artes_prova';
const MATEMATICA = 'cmva_2017_professor_matematica_prova';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage: true });

test('question search: words and filters, the viewer walks the results, crowd stats after checking', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  // Ten other users answer question 2 of the arts exam first (7 right, 3 wrong).
  for (let user = 0; user < 10; user++) {
    const other = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    await signedInAccount(other, { email: uniqueEmail('multidao') });
    await check(other, `${ARTES}_2`, user < 7 ? 'C' : 'E');
    await other.dispose();
  }
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('busca') });
  runOperatorCommand('user:grant-premium', email, '30');

  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto('/buscar-questoes?q=cores+primarias');
      await expect(page.getByRole('heading', { level: 1, name: 'Buscar questões' })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Questões encontradas' }).getByRole('listitem').first(),
      ).toContainText('Questão 1');
      await shoot(page, `search-${viewport.width}-${colorScheme}`);
      await expectAccessible(page);
    }
  }

  await page.setViewportSize(VIEWPORTS[0]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Buscar questões' })
    .click();
  await expect(page).toHaveURL(/\/buscar-questoes$/);
  // Accents and endings do not matter.
  await page.getByRole('searchbox', { name: 'Palavras' }).fill('Cores primarias');
  await page.getByRole('searchbox', { name: 'Palavras' }).press('Enter');
  await expect(page.getByText('2 questões encontradas')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Questões encontradas' }).getByRole('link');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Artes');

  // The viewer walks the result list.
  await cards.first().click();
  await expect(page.getByRole('link', { name: 'Voltar para a busca' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Navegação entre questões' });
  await expect(navigation).toContainText('1 / 2');
  await navigation.getByRole('button', { name: 'Próxima' }).click();
  await expect(navigation).toContainText('2 / 2');
  await expect(navigation.getByRole('button', { name: 'Próxima' })).toBeDisabled();

  // Crowd stats after checking: 10 users before, and this one.
  await page
    .locator('label')
    .filter({ has: page.locator('input[value="E"]') })
    .click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  const stats = page.getByRole('region', { name: 'Como os usuários responderam' });
  await expect(stats).toContainText('64% acertaram');
  await expect(stats).toContainText('C 64%');
  await expect(stats).toContainText('E 36%');
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await stats.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `e2e/.artifacts/screenshots/search-viewer-stats-${viewport.width}-${colorScheme}.png`,
      });
    }
  }
  await expectAccessible(page);
  await page.setViewportSize(VIEWPORTS[0]);
  await navigation.getByRole('button', { name: 'Anterior' }).click();
  await expect(navigation).toContainText('1 / 2');

  // Back to the search, as it was; then my status.
  await page.getByRole('link', { name: 'Voltar para a busca' }).click();
  await expect(page.getByRole('searchbox', { name: 'Palavras' })).toHaveValue('Cores primarias');
  const status = page.getByRole('combobox', { name: 'Minha situação' });
  await status.click();
  await status.fill('Errei');
  await status.press('Enter');
  await expect(page.getByText('1 questão encontrada')).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Questão 2');
});

test('mistakes notebook: wrong answers land there and Refazer opens them fresh', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('caderno') });
  runOperatorCommand('user:grant-premium', email, '30');
  await check(page.request, `${MATEMATICA}_1`, wrongLetter(MATEMATICA, 1));
  await check(page.request, `${ARTES}_1`, wrongLetter(ARTES, 1));
  await check(page.request, `${ARTES}_3`, wrongLetter(ARTES, 3));

  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto('/caderno-de-erros');
      await expect(page.getByRole('heading', { level: 1, name: 'Caderno de erros' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Próximas revisões/ })).toBeVisible();
      await shoot(page, `review-${viewport.width}-${colorScheme}`);
      await expectAccessible(page);
    }
  }

  await page.setViewportSize(VIEWPORTS[0]);
  const cards = page.getByRole('region', { name: /Próximas revisões/ }).getByRole('link');
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await cards.first().click();
  await expect(page.getByRole('link', { name: 'Voltar para o caderno de erros' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Navegação entre questões' });
  await expect(navigation).toContainText(`1 / ${count}`);
  // Fresh: nothing chosen.
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await navigation.getByRole('button', { name: 'Próxima' }).click();
  await expect(navigation).toContainText(`2 / ${count}`);

  // Filters by discipline.
  await page.getByRole('link', { name: 'Voltar para o caderno de erros' }).click();
  const discipline = page.getByRole('combobox', { name: 'Disciplina' });
  await discipline.click();
  await discipline.fill('Matem');
  await discipline.press('Enter');
  await expect(
    page.getByRole('region', { name: /Próximas revisões/ }).getByRole('link'),
  ).toHaveCount(1);
});

test('a free account sees what the mistakes notebook is and the way to the plans', async ({
  page,
  freeAccount,
}) => {
  await page.context().addCookies(freeAccount.cookies);
  for (const [viewport, colorScheme] of [
    [VIEWPORTS[0], 'light'],
    [VIEWPORTS[1], 'dark'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
    await page.goto('/caderno-de-erros');
    await expect(page.getByText('Recurso Premium')).toBeVisible();
    await shoot(page, `review-free-${viewport.width}-${colorScheme}`);
    await expectAccessible(page);
  }
  await page.getByRole('link', { name: 'Conhecer o Premium' }).click();
  await expect(page).toHaveURL(/\/assinatura/);
});

test('the notebook exports to Anki, a spreadsheet and a printable caderno with its figures', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email } = await signedInAccount(page.request, { email: uniqueEmail('exportar') });
  runOperatorCommand('user:grant-premium', email, '30');
  // Artes 1 has a figure (the colour wheel).
  await check(page.request, `${ARTES}_1`, wrongLetter(ARTES, 1));
  await check(page.request, `${ARTES}_3`, wrongLetter(ARTES, 3));
  await check(page.request, `${MATEMATICA}_1`, wrongLetter(MATEMATICA, 1));

  await page.goto('/caderno-de-erros');
  await page.getByRole('link', { name: 'Exportar' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Exportar o caderno de erros' }),
  ).toBeVisible();
  const list = page.getByRole('list', { name: 'Questões do caderno' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await shoot(page, `notebook-export-${viewport.width}-${colorScheme}`);
      await expectAccessible(page, `exportar caderno, ${viewport.width}px ${colorScheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS[0]);

  const download = async (button: string) => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    return { name: file.suggestedFilename(), body: fs.readFileSync((await file.path())!) };
  };

  const anki = await download('Baixar para o Anki');
  expect(anki.name).toMatch(/^gabarita-anki-\d{4}-\d{2}-\d{2}\.txt$/);
  const lines = anki.body.toString('utf8').trimEnd().split('\n');
  expect(lines.slice(0, 6)).toEqual([
    '#separator:tab',
    '#html:true',
    '#notetype:Basic',
    '#guid column:1',
    '#deck column:2',
    '#tags column:5',
  ]);
  expect(
    lines
      .slice(6)
      .map((line) => line.split('\t')[0])
      .sort(),
  ).toEqual(
    [`${ARTES}_1`, `${ARTES}_3`, `${MATEMATICA}_1`].map((id) => `"gabarita-questao-${id}"`).sort(),
  );
  await expect(page.getByText('Arquivo do Anki baixado.')).toBeVisible();

  const csv = await download('Baixar planilha');
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.body.toString('utf8').trimEnd().split('\r\n')).toHaveLength(4);

  // The caderno: the Artes questions, with the key and the comments at the end.
  const discipline = page.getByRole('combobox', { name: 'Disciplina' });
  await discipline.click();
  await discipline.fill('Artes');
  await discipline.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByText('Todas desta disciplina (2)').click();
  const pdf = await download('Gerar caderno (2 questões)');
  expect(pdf.name).toMatch(/^gabarita-caderno-\d{4}-\d{2}-\d{2}\.pdf$/);
  fs.writeFileSync('e2e/.artifacts/caderno.pdf', pdf.body);
  const text = pdf.body.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text).toMatch(/\/Subtype \/Image/);
  await expect(page.getByText('Caderno baixado.')).toBeVisible();
});
