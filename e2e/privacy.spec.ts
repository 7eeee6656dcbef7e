import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PRIVACY_MESSAGES } from '@gabarita/shared';
import { actionLinkIn, lastMailTo } from './support/mailbox';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/accessibility';
import { check } from './support/answers';
import { expect, test } from './support/fixtures';

/*
 * The holder's rights on /conta: the data export, the e-mail change and the deletion of the
 * account. Each test makes its own account.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
// Questions no other spec counts answers of: the suite shares one database.
const ARTES = 'cmva_2017_professor_artes_prova';

async function signedInPage(page: Page, name: string) {
  const email = uniqueEmail('titular');
  const account = await signedInAccount(page.request, { name, email });
  return account;
}

/** The names of the files in a .zip, read from its central directory. */
function zipEntryNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** A screenshot of the whole page, with the window as tall as the page. */
async function shootPage(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage: true });
  await page.setViewportSize(viewport);
}

async function inEveryLook(page: Page, look: (label: string) => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await look(`${viewport.width}-${colorScheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a student downloads everything the account holds from /conta', async ({ page }) => {
  test.setTimeout(180_000);
  const { email } = await signedInPage(page, 'Tereza Titular');
  await check(page.request, `${ARTES}_4`, 'B');

  await page.goto('/conta');
  const section = page.getByRole('region', { name: PRIVACY_MESSAGES.exportTitle });
  await section.getByRole('button', { name: PRIVACY_MESSAGES.exportButton }).click();
  await expect(section.getByText(PRIVACY_MESSAGES.exportReady)).toBeVisible({ timeout: 30_000 });
  const link = section.getByRole('link', { name: PRIVACY_MESSAGES.exportDownload });

  await inEveryLook(page, async (look) => {
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/.artifacts/screenshots/privacy-export-${look}.png` });
    await expectAccessible(page, `exportação de dados, ${look}`);
  });

  const download = page.waitForEvent('download');
  await link.click();
  const file = await (await download).path();
  const zip = fs.readFileSync(file);
  const names = zipEntryNames(zip);
  expect(names).toEqual(expect.arrayContaining(['perfil.json', 'respostas.csv', 'LEIA-ME.txt']));
  expect(zip.includes(Buffer.from('perfil.json'))).toBe(true);

  // The e-mail says it is ready and leads back to it.
  const mail = await lastMailTo(email);
  const exportLink = mail.text.match(/https?:\/\/\S+\/conta\?exportacao=\S+/)?.[0];
  expect(exportLink).toBeTruthy();
  await page.goto(new URL(exportLink!).pathname + new URL(exportLink!).search);
  await expect(section.getByRole('link', { name: PRIVACY_MESSAGES.exportDownload })).toBeVisible();

  // Someone else's session cannot fetch it.
  const href = await link.getAttribute('href');
  const stranger = await page.context().browser()!.newContext({
    baseURL: process.env.E2E_BASE_URL,
  });
  await signedInAccount(stranger.request, { name: 'Outra Pessoa', email: uniqueEmail('outra') });
  expect((await stranger.request.get(href!)).status()).toBe(404);
  await stranger.close();
});

test('a student changes the account’s e-mail, proving the new address', async ({ page }) => {
  test.setTimeout(120_000);
  const { email, password } = await signedInPage(page, 'Edu Endereço');
  const newEmail = uniqueEmail('novo');

  await page.goto('/conta');
  const section = page.getByRole('region', { name: PRIVACY_MESSAGES.emailChangeTitle });
  await section.getByLabel('Novo e-mail').fill(newEmail);
  await section.getByLabel('Senha atual').fill(password);
  await section.getByRole('button', { name: 'Enviar link de confirmação' }).click();
  await expect(section.getByText(PRIVACY_MESSAGES.emailChangeSent(newEmail))).toBeVisible();

  // The old address is told; the new one gets the link.
  expect((await lastMailTo(email)).text).toContain(newEmail);
  const link = actionLinkIn(await lastMailTo(newEmail));
  await page.goto(link);
  await expect(page.getByText(PRIVACY_MESSAGES.emailChangeDone(newEmail))).toBeVisible();
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.email).toBe(newEmail);

  // Opened again, the used link says the change is already made, not that the link is bad.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: PRIVACY_MESSAGES.emailChangeAlreadyDoneTitle }),
  ).toBeVisible();
  await expect(page.getByText(PRIVACY_MESSAGES.emailChangeAlreadyDone(newEmail))).toBeVisible();
});

test('a student deletes the account and the address can start again', async ({ page }) => {
  test.setTimeout(180_000);
  const { email, password } = await signedInPage(page, 'Diana Despedida');
  await check(page.request, `${ARTES}_5`, 'B');

  await page.goto('/conta');
  const section = page.getByRole('region', { name: PRIVACY_MESSAGES.deleteTitle });
  await expect(section.getByText(/5 anos/).first()).toBeVisible();
  await inEveryLook(page, async (look) => {
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/.artifacts/screenshots/privacy-delete-${look}.png` });
  });

  await section.getByRole('button', { name: PRIVACY_MESSAGES.deleteButton }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(PRIVACY_MESSAGES.deletePasswordLabel).fill('senha-errada-9');
  await dialog.getByRole('button', { name: PRIVACY_MESSAGES.deleteConfirm }).click();
  await expect(dialog.getByText(PRIVACY_MESSAGES.wrongPassword)).toBeVisible();
  await dialog.getByLabel(PRIVACY_MESSAGES.deletePasswordLabel).fill(password);
  await inEveryLook(page, async (look) => {
    await page.screenshot({ path: `e2e/.artifacts/screenshots/privacy-delete-dialog-${look}.png` });
    await expectAccessible(page, `exclusão de conta, ${look}`);
  });
  await dialog.getByRole('button', { name: PRIVACY_MESSAGES.deleteConfirm }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(PRIVACY_MESSAGES.deleted)).toBeVisible();
  await inEveryLook(page, async (look) => {
    await shootPage(page, `privacy-deleted-${look}`);
  });
  expect((await lastMailTo(email)).subject).toMatch(/exclu/i);
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();

  // The same address signs up again as a new account.
  const again = await signedInAccount(page.request, { name: 'Diana de Novo', email });
  expect(again.email).toBe(email);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.name).toBe('Diana de Novo');
});
