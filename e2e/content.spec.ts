import { expect, test } from './support/fixtures';

/** Format-2 content in the browser: figures, image alternatives, annulled and outdated questions. */
const FISICA = 'etfsc_2015_professor_fisica_prova';
const GEOGRAFIA = 'cmva_2017_professor_geografia_prova';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a figure between paragraphs opens full screen and zooms from the keyboard at ${viewport.width} px`, async ({
    page,
    freeAccount,
  }) => {
    await page.context().addCookies(freeAccount.cookies);
    await page.setViewportSize(viewport);
    await page.goto(`/questoes?prova=${GEOGRAFIA}&q=${GEOGRAFIA}_11`);
    const statement = page.getByRole('region', { name: 'Enunciado' });
    const opener = statement.getByRole('button', { name: /^Ampliar figura: Gráfico de linhas/ });
    await expect(opener).toBeVisible();

    // Readable on a phone: the chart keeps its text at 12 px or more and scrolls sideways instead.
    const drawn = await opener.boundingBox();
    expect(drawn!.width).toBeGreaterThanOrEqual(Math.min(640, (640 * 12) / 15) - 1);

    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Figura ampliada' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('As linhas se cruzam entre 1960 e 1970.');
    // '1' shows the figure at its own size, '+' enlarges it one step.
    await page.keyboard.press('1');
    await expect(dialog.getByText('100%', { exact: true })).toBeVisible();
    await page.keyboard.press('+');
    await expect(dialog.getByText('150%', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}

test('image alternatives are a radio group: chosen with the keyboard and checked', async ({
  page,
  premiumAccount,
}) => {
  await page.context().addCookies(premiumAccount.cookies);
  await page.goto(`/questoes?prova=${FISICA}&q=${FISICA}_11`);
  const group = page.getByRole('radiogroup', { name: 'Alternativas' });
  await expect(group.getByRole('radio')).toHaveCount(4);
  await page.keyboard.press('b');
  await expect(group.getByRole('radio', { name: /^B\)\s*Reta decrescente/ })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Correto, Parabéns!')).toBeVisible();
});

test('an annulled question shows why and cannot be answered', async ({ page, freeAccount }) => {
  await page.context().addCookies(freeAccount.cookies);
  await page.goto(
    '/questoes?prova=cmva_2017_professor_historia_prova&q=cmva_2017_professor_historia_prova_11',
  );
  await expect(page.getByRole('note', { name: 'Questão anulada' })).toContainText(
    'duas alternativas estão corretas',
  );
  await expect(page.getByRole('radio', { name: /^B\)/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Verificar Gabarito' })).toHaveCount(0);
  await expect(
    page.getByText('Esta questão foi anulada pela banca e não pode ser respondida.'),
  ).toBeVisible();
});

test('outdated questions carry a notice and can be left out of an exam', async ({
  page,
  freeAccount,
}) => {
  await page.context().addCookies(freeAccount.cookies);
  await page.goto(`/prova-dashboard?prova=${FISICA}`);
  const tiles = page.getByRole('list', { name: 'Questões da prova' }).getByRole('listitem');
  await expect(tiles).toHaveCount(11);
  await page.getByRole('checkbox', { name: 'Ocultar questões desatualizadas (2)' }).check();
  await expect(tiles).toHaveCount(9);
  await tiles.last().getByRole('link').click();
  await expect(page.getByText('9 / 9').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Questão 11' })).toBeVisible();

  await page.goto(`/questoes?prova=${FISICA}&q=${FISICA}_9`);
  await expect(page.getByRole('note', { name: 'Questão desatualizada' })).toContainText(
    'Resolução CNE/CEB nº 6/2012 foi revogada',
  );
});
