import { signedInAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';

test('the FAQ search ignores accents and case and highlights what it found', async ({ page }) => {
  await page.goto('/ajuda');
  await expect(page.getByRole('heading', { level: 1, name: 'Central de Ajuda' })).toBeVisible();
  const search = page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /Buscar|Pesquis/i }))
    .first();

  await search.fill('PIX');
  await expect(page.locator('mark:visible').first()).toBeVisible();
  const withPix = await page.locator('mark:visible').count();
  expect(withPix).toBeGreaterThan(0);

  await search.fill('historico');
  await expect(page.locator('mark:visible').first()).toHaveText(/hist[oó]rico/i);

  await search.fill('xyzzy');
  await expect(page.getByText('Nenhum resultado encontrado para "xyzzy".')).toBeVisible();

  await search.fill('');
  const main = page.getByRole('main');
  const questions = main.getByRole('button', { expanded: false });
  await questions.first().click();
  await expect(main.getByRole('button', { expanded: true })).toHaveCount(1);
  await questions.nth(1).click();
  await expect(main.getByRole('button', { expanded: true })).toHaveCount(1);
});

test('a visitor cannot send a help message; a signed-in user can', async ({ page }) => {
  await page.goto('/ajuda');
  await expect(
    page.getByText('Você precisa estar logado e com o e-mail verificado para enviar uma mensagem.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar Mensagem' })).toBeDisabled();

  await signedInAccount(page.request, { email: uniqueEmail('ajuda') });
  await page.goto('/ajuda');
  await page.getByRole('button', { name: 'Enviar Mensagem' }).click();
  await expect(page.getByText('Por favor, descreva sua demanda.')).toBeVisible();
  await page.getByLabel('Sua mensagem').fill('Como faço para mudar meu plano para o Anual?');
  await page.getByRole('button', { name: 'Enviar Mensagem' }).click();
  await expect(
    page.getByText('Mensagem enviada com sucesso! Entraremos em contato em breve.'),
  ).toBeVisible();
  await expect(
    page.getByText('Mensagem enviada com sucesso! Entraremos em contato em breve.'),
  ).toBeHidden({
    timeout: 8_000,
  });
});

test('report an error in a question with "Outro"', async ({ page, freeAccount }) => {
  await page.context().addCookies(freeAccount.cookies);
  await page.goto('/questoes?prova=cmva_2017_professor_historia_prova');
  await expect(page.getByRole('heading', { level: 1, name: 'Questão 1' })).toBeVisible();
  await page.getByRole('button', { name: /Reportar erro/ }).click();
  const dialog = page.getByRole('dialog');
  // No AI wrote about this question: the two AI types are not offered.
  await expect(dialog.getByRole('radio')).toHaveCount(6);
  await expect(dialog.getByRole('radio', { name: /^IA / })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Outro' }).check({ force: true });
  await dialog.getByRole('button', { name: /Enviar/ }).click();
  await expect(
    dialog.getByText('Por favor, selecione uma opção e preencha o campo, se necessário.'),
  ).toBeVisible();
  await dialog.getByLabel('Descreva o problema').fill('A data citada no enunciado parece errada.');
  await dialog.getByRole('button', { name: /Enviar/ }).click();
  await expect(
    dialog.getByText('Erro reportado com sucesso! Agradecemos sua contribuição.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
});

for (const path of ['/ajuda', '/termos', '/politicas']) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${path} at ${viewport.width} px ${colorScheme}: screenshot and axe`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({
          path: `e2e/.artifacts/screenshots/${path.slice(1)}-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
        await expectAccessible(page);
      });
    }
  }
}

test('the terms list all seven plans', async ({ page }) => {
  await page.goto('/termos');
  for (const plan of [
    'Diário',
    'Semanal',
    'Quinzenal',
    'Mensal',
    'Trimestral',
    'Semestral',
    'Anual',
  ]) {
    await expect(page.getByText(plan, { exact: false }).first()).toBeVisible();
  }
  await expect(page.getByText(/Olinda/).first()).toBeVisible();
  await expect(page.getByText(/2 de outubro de 2025/).first()).toBeVisible();
});
