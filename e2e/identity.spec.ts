import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PRIVACY_MESSAGES } from '@gabarita/shared';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/accounts';
import { actionLinkIn, lastMailTo } from './support/mailbox';
import { expectAccessible } from './support/accessibility';

/** A tiny PNG drawn by the test, sent through the real file chooser. */
const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPjPwMDAwMDEwMDAAAAMAQEBAzn6cQAAAABJRU5ErkJggg==',
  'base64',
);

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Repetir senha').fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText(email)).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function verifiedAccount(page: Page, email: string, password: string) {
  await signUp(page, 'Conta de Teste', email, password);
  await page.goto(actionLinkIn(await lastMailTo(email)));
  await expect(
    page.getByText('E-mail verificado com sucesso! Você já pode fazer o login.'),
  ).toBeVisible();
}

test.describe('identity', () => {
  test('sign up, verify by e-mail, sign in, edit name and photo, sign out', async ({ page }) => {
    const email = uniqueEmail('fluxo');
    const password = 'senha-do-fluxo-1';

    await page.goto('/signup');
    await expect(page.getByText('Questões de concurso comentadas')).toBeVisible();
    await expect(page.getByPlaceholder('Senha (mínimo 6 caracteres)')).toBeVisible();
    await page.getByLabel('Nome').fill('Joana Estudante');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByLabel('Repetir senha').fill('outra-senha');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByRole('alert')).toHaveText('As senhas não coincidem.');

    await page.getByLabel('Repetir senha').fill(password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText(email)).toBeVisible();
    await expect(
      page
        .getByRole('button', { name: 'Voltar para o Login' })
        .or(page.getByRole('link', { name: 'Voltar para o Login' })),
    ).toBeVisible();

    // Not verified yet: refused with the spec's hint.
    await logIn(page, email, password);
    await expect(page.getByText('Abra seu e-mail e clique no link de confirmação!')).toBeVisible();

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Confirme seu e-mail no Gabarita');
    await page.goto(actionLinkIn(mail));
    await expect(page).toHaveURL(/\/login/);
    await expect(
      page.getByText('E-mail verificado com sucesso! Você já pode fazer o login.'),
    ).toBeVisible();

    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/$/);
    const accountButton = page.getByRole('button', { name: /Conta/ });
    await expect(accountButton).toBeVisible();

    await accountButton.click();
    await page.getByRole('button', { name: 'Editar nome' }).click();
    await page.getByLabel('Nome').fill('  Joana Aprovada  ');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByText('Nome salvo com sucesso!')).toBeVisible();
    await expect(page.getByText('Joana Aprovada')).toBeVisible();
    await expect(page.getByText('Nome salvo com sucesso!')).toBeHidden({ timeout: 5_000 });

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Alterar foto' }).click();
    await (await chooser).setFiles({ name: 'eu.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    await expect(page.getByAltText('Pré-visualização da nova foto')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar foto' }).click();
    await expect(page.getByText('Foto atualizada com sucesso!')).toBeVisible();
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({ name: 'Joana Aprovada', email });
    expect(session.user.photoUrl).toMatch(/^\/api\/users\/[\w-]+\/photo\?v=/);
    const photo = await page.request.get(session.user.photoUrl);
    expect(photo.headers()['content-type']).toBe('image/webp');

    await page.getByRole('button', { name: 'Sair', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/conta');
    await expect(page).toHaveURL(/\/login/);
  });

  test('reset the password end to end', async ({ page }) => {
    const email = uniqueEmail('reset');
    await verifiedAccount(page, email, 'senha-antiga-1');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Recuperar senha' }).click();
    await expect(
      page.getByText('Por favor, insira seu e-mail para recuperar a senha.'),
    ).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Recuperar senha' }).click();
    await expect(page.getByText(`Link de recuperação enviado para ${email}`)).toBeVisible();

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Redefinição de senha do Gabarita');
    await page.goto(actionLinkIn(mail));
    await expect(page).toHaveURL(/\/Recovery\?oobCode=/);
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Nova senha', { exact: true }).fill('123');
    await page.getByLabel('Confirmar nova senha').fill('123');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await expect(page.getByText('A nova senha deve ter pelo menos 6 caracteres.')).toBeVisible();

    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-2');
    await page.getByLabel('Confirmar nova senha').fill('senha-nova-2');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await expect(page.getByText('Senha redefinida com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });

    await logIn(page, email, 'senha-antiga-1');
    await expect(page.getByText('E-mail ou senha inválidos.')).toBeVisible();
    await logIn(page, email, 'senha-nova-2');
    await expect(page).toHaveURL(/\/$/);

    // The link worked once.
    await page.goto(actionLinkIn(mail));
    await expect(page.getByText('link de recuperação de senha inválido.')).toBeVisible();
  });

  test.describe('Google', () => {
    test.describe.configure({ mode: 'serial' });

    test('signs in through the popup and stays apart from the password account', async ({
      page,
    }) => {
      const email = uniqueEmail('mesmo');
      await verifiedAccount(page, email, 'senha-da-conta-1');
      fs.writeFileSync(
        process.env.E2E_GOOGLE_PROFILE!,
        JSON.stringify({ sub: `sub-${email}`, email, name: 'Pessoa do Google' }),
      );

      await page.goto('/login');
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Entrar com Google' }).click();
      const popupPage = await popup;
      await expect(page).toHaveURL(/\/$/);
      await expect.poll(() => popupPage.isClosed()).toBe(true);

      const googleUser = (await (await page.request.get('/api/auth/session')).json()).user;
      expect(googleUser).toMatchObject({ email, provider: 'google', name: 'Pessoa do Google' });

      // A Google account accepted nothing by signing up: its first visit asks for the documents.
      const gate = page.getByRole('dialog', { name: PRIVACY_MESSAGES.consentUpdatedTitle });
      await expect(gate).toBeVisible();
      await expect(gate.getByRole('link', { name: /Termos de Uso/ })).toBeVisible();
      await expect(gate.getByRole('link', { name: /Política de Privacidade/ })).toBeVisible();
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          await page.screenshot({
            path: `e2e/.artifacts/screenshots/consent-gate-${viewport.width}-${colorScheme}.png`,
          });
          await expectAccessible(page, `aceite dos termos, ${viewport.width}px ${colorScheme}`);
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: 'light' });
      await gate.getByRole('button', { name: PRIVACY_MESSAGES.consentAccept }).click();
      await expect(gate).toHaveCount(0);
      const consents = await (await page.request.get('/api/me/consents')).json();
      expect(consents.pending).toEqual([]);

      await page.goto('/conta');
      await expect(page.getByRole('heading', { name: 'Gerenciamento de Conta' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Segurança' })).toHaveCount(0);

      await page.getByRole('button', { name: /Conta/ }).click();
      await expect(page.getByRole('button', { name: 'Editar nome' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Sair', exact: true }).click();
      await expect(page).toHaveURL(/\/login/);

      await logIn(page, email, 'senha-da-conta-1');
      await expect(page).toHaveURL(/\/$/);
      const passwordUser = (await (await page.request.get('/api/auth/session')).json()).user;
      expect(passwordUser).toMatchObject({ email, provider: 'password', name: 'Conta de Teste' });
      expect(passwordUser.id).not.toBe(googleUser.id);
    });

    test('falls back to a full redirect when the popup is blocked', async ({ page }) => {
      const email = uniqueEmail('redirect');
      fs.writeFileSync(
        process.env.E2E_GOOGLE_PROFILE!,
        JSON.stringify({ sub: `sub-${email}`, email, name: 'Sem Popup' }),
      );
      await page.addInitScript(() => {
        window.open = () => null;
      });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Entrar com Google' }).click();
      await expect(page).toHaveURL(/\/$/);
      const user = (await (await page.request.get('/api/auth/session')).json()).user;
      expect(user).toMatchObject({ email, provider: 'google' });
    });
  });
});
