import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Cookie, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { folderEntries, zipOf } from '../apps/server/test/helpers/zip';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/accessibility';
import { startAppServer, type AppServer } from './support/app-server';
import { expect, test } from './support/fixtures';
import { runOperatorCommand, runOperatorCommandIn } from './support/operator';

/*
 * The content pages of the editorial area: the question editor (/admin/questoes), the definitive
 * answer key (/admin/gabarito) and the import from the browser (/admin/importar). Each exam below
 * is used by this file only (no other spec opens it), so its edits and key changes disturb no one;
 * the import runs on a server of its own, since it adds an exam to the catalogue that other specs
 * count (catalog.spec.ts: '18 provas encontradas').
 */
const EDITOR_EXAM = 'etfsc_2015_professor_informatica_prova';
const EDITOR_QUESTION = `${EDITOR_EXAM}_3`;
const KEY_EXAM = 'etfsc_2015_professor_biologia_prova';
const KEY_NUMBER = 3;
const KEY_QUESTION = `${KEY_EXAM}_${KEY_NUMBER}`;

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const ORIGINAL_STATEMENT =
  '<p>No modelo de referência OSI, os protocolos IP e TCP, da arquitetura TCP/IP, correspondem, respectivamente, às camadas</p>';
const EDITED_STATEMENT =
  '<p>No modelo de referência OSI, os protocolos IP e TCP, da arquitetura TCP/IP, correspondem, <strong>nessa ordem</strong>, às camadas</p>';

/** A demonstration question's key and its letters, as the exam file has them. */
function sampleQuestion(examId: string, number: number) {
  const exam = JSON.parse(
    fs.readFileSync(path.join('content/sample/provas', `${examId}.json`), 'utf8'),
  ) as { cargo: string; instituição: string; ano: string; questoes: Record<string, unknown> };
  const question = exam.questoes[String(number)] as { gabarito: string; Alternativas: string[] };
  return {
    label: `${exam.cargo} · ${exam['instituição']} · ${exam.ano}`,
    key: question.gabarito,
    letters: question.Alternativas.map((alternative) => alternative[0]!),
  };
}

/**
 * Signs up an account through the API (on `server`, or the shared server) and returns its cookies;
 * with `editor`, it gets the editor role from the operator command first, and with `premium` 30
 * days of Premium (on the shared server).
 */
async function accountCookies(
  playwright: PlaywrightWorkerArgs['playwright'],
  {
    name,
    editor = false,
    premium = false,
    server,
  }: { name: string; editor?: boolean; premium?: boolean; server?: AppServer },
): Promise<Cookie[]> {
  const context: APIRequestContext = await playwright.request.newContext();
  const { email } = await signedInAccount(context, {
    name,
    email: uniqueEmail(editor ? 'editora' : 'estudante'),
    ...(server ? { origin: server.url } : {}),
  });
  if (editor) {
    if (server) runOperatorCommandIn(server.dataDir, 'admin:create', email, '--role', 'editor');
    else runOperatorCommand('admin:create', email, '--role', 'editor');
  }
  if (premium) runOperatorCommand('user:grant-premium', email, '30');
  const { cookies } = await context.storageState();
  await context.dispose();
  return cookies;
}

async function signInAs(page: Page, cookies: Cookie[]) {
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

/**
 * A full-page screenshot from the top (opening a section moves the focus and the scroll), taken
 * with the window as tall as the page: a full-page capture of a shorter window draws what sticks
 * to the window (the editor's 'Salvar' bar, the side menu's height) where the window ended, in the
 * middle of the page.
 */
async function shoot(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage: true });
  await page.setViewportSize(viewport);
}

test('an editor edits a question, compares the versions and restores the first one', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, await accountCookies(playwright, { name: 'Edna Editora', editor: true }));

  // The finder opens the question by its code.
  await page.goto('/admin/questoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Editor de questões' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Abrir por código' }).fill(EDITOR_QUESTION);
  await page.getByRole('button', { name: 'Abrir', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/questoes\\?q=${EDITOR_QUESTION}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Questão 3' })).toBeVisible();
  await expect(
    page.getByText('Professor de Informática · Instituto Horizonte de Seleção · 2015'),
  ).toBeVisible();
  const versions = page.getByRole('region', { name: 'Versões' });
  await expect(versions).toContainText('Nenhuma versão registrada');

  // The statement changes; the preview follows.
  const statement = page.getByRole('textbox', { name: 'Enunciado (HTML)' });
  await expect(statement).toHaveValue(ORIGINAL_STATEMENT);
  const preview = page.getByRole('group', { name: 'Pré-visualização do enunciado' });
  await expect(preview).toContainText('correspondem, respectivamente, às camadas');
  await expect(page.getByText('Nenhuma alteração a salvar.')).toBeVisible();
  await statement.fill(EDITED_STATEMENT);
  await expect(preview.locator('strong')).toHaveText('nessa ordem');
  await expect(preview).not.toContainText('respectivamente');
  await expect(page.getByText('Há alterações não salvas.')).toBeVisible();

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Questão salva (versão 2).' }),
  ).toBeVisible();
  await expect(page.getByText('Nenhuma alteração a salvar.')).toBeVisible();
  await expect(statement).toHaveValue(EDITED_STATEMENT);
  const items = versions.getByRole('list', { name: 'Versões da questão' }).locator(':scope > li');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Versão 2');
  await expect(items.nth(0)).toContainText('Edição');
  await expect(items.nth(0)).toContainText('Atual');
  await expect(items.nth(0)).toContainText('Edna Editora');
  await expect(items.nth(0)).toContainText('Enunciado alterado');
  await expect(items.nth(1)).toContainText('Versão 1');
  await expect(items.nth(1)).toContainText('Importação');
  await expect(items.nth(1)).toContainText('A questão como estava antes da primeira edição.');

  // 'Comparar' shows the words removed and added.
  await items.nth(0).getByRole('button', { name: 'Comparar' }).click();
  const comparison = page.getByRole('region', { name: 'Versão 2 comparada com a versão 1' });
  await expect(comparison.getByRole('heading', { level: 3 })).toBeFocused();
  const changed = comparison.getByRole('region', { name: 'Enunciado alterado' });
  await expect(changed.locator('del')).toHaveText('[removido: respectivamente,]');
  await expect(changed.locator('ins')).toHaveText('[incluído: <strong>nessa ordem</strong>,]');
  await expectAccessible(page, 'comparação de versões');
  await comparison.getByRole('button', { name: 'Fechar a comparação' }).click();
  await expect(comparison).toBeHidden();
  await expect(items.nth(0).getByRole('button', { name: 'Comparar' })).toBeFocused();

  // Restoring version 1 asks first, then makes version 3.
  await items.nth(1).getByRole('button', { name: 'Restaurar esta versão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restaurar a versão 1?' });
  await expect(dialog).toContainText('isso cria a versão 3: nenhuma versão é apagada');
  await dialog.getByRole('button', { name: 'Restaurar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(versions.getByText('Versão 1 restaurada como versão 3.')).toBeVisible();
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Versão 3');
  await expect(items.nth(0)).toContainText('Restauração');
  await expect(items.nth(0)).toContainText('Atual');
  await expect(statement).toHaveValue(ORIGINAL_STATEMENT);

  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      // Loaded again in this theme: a theme switch on screen animates the colours.
      await page.reload();
      await expect(items).toHaveCount(3);
      await expect(preview).toContainText('respectivamente');
      await shoot(page, `admin-question-editor-${viewport.width}-${colorScheme}`);
      await expectAccessible(page, `editor de questões, ${viewport.width}px ${colorScheme}`);
    }
  }

  // Students see the restored statement.
  await page.goto(`/questoes?prova=${EDITOR_EXAM}&q=${EDITOR_QUESTION}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Questão 3' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(/correspondem, respectivamente, às camadas/)).toBeVisible();
  await expect(main.getByText('nessa ordem')).toHaveCount(0);
});

/** 'Hoje: 79.520 de entrada · 39.710 de saída', as the token counter shows it. */
async function todayTokens(page: Page) {
  const counter = page.getByRole('region', { name: 'Contador de tokens' });
  await expect(counter).toContainText('Hoje:');
  return (await counter.innerText()).match(/Hoje: [\d.]+ de entrada · [\d.]+ de saída/)?.[0];
}

test('a definitive key makes a student right; the student is told above the page, and the tutor follows', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  const question = sampleQuestion(KEY_EXAM, KEY_NUMBER);
  const newKey = question.letters.find((letter) => letter !== question.key)!;
  const editor = await accountCookies(playwright, { name: 'Edna Editora', editor: true });
  const student = await accountCookies(playwright, { name: 'Bruno Estudante', premium: true });

  // The student answers with a letter the provisional key calls wrong.
  await signInAs(page, student);
  await page.goto(`/questoes?prova=${KEY_EXAM}&q=${KEY_QUESTION}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Questão ${KEY_NUMBER}` }),
  ).toBeVisible();
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${newKey}"]`) })
    .click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  await expect(
    page.getByText(`Errado! A alternativa correta é a "${question.key}".`),
  ).toBeVisible();
  // The tutor answers from the team's comment, written for the provisional key; the chat is kept.
  const chatInput = page.getByLabel('Sua pergunta sobre a questão');
  const asked = `Por que a alternativa ${newKey} está errada?`;
  await chatInput.fill(asked);
  await chatInput.press('Enter');
  const conversation = page.getByRole('list', { name: 'Conversa' });
  // One item per message: a reply may hold a list of its own.
  const messages = conversation.locator(':scope > li');
  const oldReply = `A resposta oficial é a alternativa ${question.key}.`;
  await expect(messages.nth(1)).toContainText(oldReply);
  const spent = await todayTokens(page);

  // The editor types the board's change and sees whom it affects.
  await signInAs(page, editor);
  const list = page.getByRole('textbox', { name: 'Lista de mudanças' });
  const affected = page.getByRole('region', { name: 'Quem é afetado', exact: true });
  // Every demonstration question has the team's comment, written for the key being replaced.
  const COMMENT_WITHDRAWN =
    'O comentário da questão explica o gabarito anterior: ele sai até ser reescrito no editor (fica nas versões).';
  const effect =
    '1 questão muda de gabarito; 1 resposta fica certa, 0 ficam erradas e 0 deixam de contar; ' +
    '0 simulados têm o resultado recalculado e 1 estudante recebe um aviso.';
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(`/admin/gabarito?prova=${KEY_EXAM}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Gabarito definitivo' }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Prova' })).toContainText(question.label);
      await expect(page.getByText('Nenhuma mudança digitada.')).toBeVisible();
      await list.fill(`${KEY_NUMBER} ${newKey}`);
      await expect(page.getByText('1 mudança lida.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Mudanças lidas' })).toHaveText(
        `${KEY_NUMBER} → ${newKey}`,
      );
      await page.getByRole('button', { name: 'Ver quem é afetado' }).click();
      await expect(affected.getByRole('heading', { level: 2 })).toBeFocused();
      await expect(affected).toContainText(effect);
      if (viewport.width >= 1024) {
        const row = affected.getByRole('table').getByRole('row').nth(1);
        await expect(row.getByRole('rowheader')).toHaveText(`Questão ${KEY_NUMBER}`);
        await expect(row.getByRole('cell')).toHaveText([
          `${question.key}para${newKey}`,
          '1',
          '1',
          '0',
          '0',
          '0',
          COMMENT_WITHDRAWN,
        ]);
      } else {
        const card = affected
          .getByRole('list', { name: 'Quem é afetado, por questão' })
          .getByRole('listitem');
        await expect(card).toHaveCount(1);
        await expect(card).toContainText(`Questão ${KEY_NUMBER}`);
        await expect(card.getByRole('definition')).toHaveText(['1', '1', '0', '0', '0']);
        await expect(card).toContainText(`Observação: ${COMMENT_WITHDRAWN}`);
      }
      await expect(affected.getByRole('link', { name: `Questão ${KEY_NUMBER}` })).toHaveAttribute(
        'href',
        `/admin/questoes?q=${KEY_QUESTION}`,
      );
      await shoot(page, `admin-answer-key-preview-${viewport.width}-${colorScheme}`);
      await expectAccessible(page, `prévia do gabarito, ${viewport.width}px ${colorScheme}`);
    }
  }

  // Applying asks first.
  await affected.getByRole('button', { name: 'Aplicar gabarito definitivo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aplicar o gabarito definitivo?' });
  await expect(dialog).toContainText(question.label);
  await expect(dialog).toContainText(effect);
  await expectAccessible(page, 'confirmação do gabarito');
  await dialog.getByRole('button', { name: 'Aplicar gabarito' }).click();
  await expect(dialog).toBeHidden();
  const result = page.getByRole('region', { name: 'Gabarito aplicado' });
  await expect(result.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(result).toContainText(
    `Gabarito definitivo aplicado em ${question.label}. 1 questão mudou de gabarito; 1 resposta ficou certa`,
  );
  await expect(affected).toBeHidden();
  await expect(list).toHaveValue('');

  // The student reads the notice above any page, follows it, then dismisses it.
  await signInAs(page, student);
  await page.goto('/');
  const tray = page.getByRole('region', { name: 'Avisos' });
  const notice = `A banca alterou o gabarito da questão ${KEY_NUMBER} de ${question.label} para ${newKey}: sua resposta agora está certa.`;
  await expect(tray).toContainText(notice);
  const link = tray.getByRole('link', { name: 'Ver questão' });
  await expect(link).toHaveAttribute('href', `/questoes?prova=${KEY_EXAM}&q=${KEY_QUESTION}`);
  await expectAccessible(page, 'aviso do gabarito definitivo');
  await link.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Questão ${KEY_NUMBER}` }),
  ).toBeVisible();
  await expect(tray).toContainText(notice);
  await tray.getByRole('button', { name: 'Dispensar' }).click();
  await expect(tray).toBeHidden();
  await expect(page.getByRole('main')).toBeFocused();
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: `Questão ${KEY_NUMBER}` }),
  ).toBeVisible();
  await expect(tray).toBeHidden();

  // Checking again shows the new key; the kept chat is marked as written before the change.
  await page
    .locator('label')
    .filter({ has: page.locator(`input[type="radio"][value="${newKey}"]`) })
    .click();
  await page.getByRole('button', { name: 'Verificar Gabarito' }).click();
  await expect(page.getByText('Correto, Parabéns!')).toBeVisible();
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  );
  const mark = messages.nth(2);
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(1)).toContainText(oldReply);
  await expect(mark).toContainText(
    `Em ${today}, o gabarito oficial desta questão mudou de ${question.key} para ${newKey}.`,
  );
  await expect(mark).toContainText('As mensagens acima foram escritas antes dessa mudança');
  await expect(mark).toContainText('A próxima resposta já considera a mudança');
  // The comment was taken off with the old key: the offline tutor, which explains from it, gives the
  // new key and says it has no reasons yet; nothing was charged.
  const commentary = page.getByRole('region', { name: 'Comentário' });
  await expect(commentary).toContainText('Esta questão ainda não tem comentário da equipe.');
  await expect(commentary).toContainText(`Gabarito oficial: ${newKey}`);
  expect(await todayTokens(page)).toBe(spent);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await mark.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `e2e/.artifacts/screenshots/chat-after-key-change-${viewport.width}-${colorScheme}.png`,
      });
      await expectAccessible(page, `chat após o gabarito, ${viewport.width}px ${colorScheme}`);
    }
  }

  // Asked again, the tutor answers with the new key, and the re-ask is not charged.
  await chatInput.fill(asked);
  await chatInput.press('Enter');
  await expect(messages).toHaveCount(5);
  await expect(messages.nth(4)).toContainText(`a resposta é a alternativa ${newKey}`);
  await expect(mark).not.toContainText('A próxima resposta já considera a mudança');
  expect(await todayTokens(page)).toBe(spent);
});

test.describe('import from the browser', () => {
  // One server of its own: the import adds an exam that the shared server's catalogue must not get.
  test.describe.configure({ mode: 'serial' });

  let server: AppServer;
  let editor: Cookie[];

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    server = await startAppServer({ SMTP_URL: process.env.E2E_SMTP_URL! });
    editor = await accountCookies(playwright, { name: 'Edna Editora', editor: true, server });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const fileInput = (page: Page) => page.getByLabel('Arquivo do catálogo (.zip)');

  test('an archive without a catalogue layout is refused with the reason', async ({ page }) => {
    await signInAs(page, editor);
    await page.goto(`${server.url}/admin/importar`);
    await expect(page.getByRole('heading', { level: 1, name: 'Importar conteúdo' })).toBeVisible();
    await fileInput(page).setInputFiles({
      name: 'fora-do-lugar.zip',
      mimeType: 'application/zip',
      buffer: zipOf([{ name: 'a/b/provas/x_prova.json', content: Buffer.from('{}') }]),
    });
    await page.getByRole('button', { name: 'Verificar' }).click();
    const report = page.getByRole('region', { name: 'Verificação' });
    await expect(report.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(report.getByRole('alert')).toHaveText(
      'O .zip não tem a estrutura de um catálogo: na raiz (ou dentro de uma única pasta) devem estar disciplinas.json e a pasta provas/.',
    );
    await expect(page.getByRole('button', { name: 'Importar' })).toHaveCount(0);
  });

  test('the example catalogue is checked, then imported with its progress shown', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The folder inside the .zip, as an archiver would pack it.
    const archive = zipOf(folderEntries('content/examples/formato-2', 'formato-2/'));
    await signInAs(page, editor);
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of SCHEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(`${server.url}/admin/importar`);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Importar conteúdo' }),
        ).toBeVisible();
        await fileInput(page).setInputFiles({
          name: 'formato-2.zip',
          mimeType: 'application/zip',
          buffer: archive,
        });
        await expect(page.getByText(/^formato-2\.zip · [\d,]+ KB\. Até 100 MB\.$/)).toBeVisible();
        await page.getByRole('button', { name: 'Verificar' }).click();
        const report = page.getByRole('region', { name: 'Verificação' });
        await expect(report.getByRole('heading', { level: 2 })).toBeFocused();
        await expect(report.getByRole('status')).toHaveText(
          'Nenhum problema encontrado: o catálogo pode ser importado.',
        );
        // The command's report, without the command's flags: the editor here types none.
        await expect(report).toContainText('Nada foi gravado.');
        await expect(report).not.toContainText('--');
        await report.getByRole('button', { name: 'Importar' }).click();
        const progress = page.getByRole('region', { name: 'Progresso da importação' });
        const imported = page.getByRole('region', { name: 'Importação', exact: true });
        await expect(imported.getByRole('heading', { level: 2 })).toBeFocused();
        await expect(imported.getByRole('status')).toHaveText('Importação concluída.');
        await expect(progress.getByRole('log')).toContainText('Lendo');
        await expect(progress.getByRole('log')).toContainText('Gravado em');
        await expect(report.getByRole('button', { name: 'Importar' })).toHaveCount(0);
        await shoot(page, `admin-import-${viewport.width}-${colorScheme}`);
        await expectAccessible(page, `importação, ${viewport.width}px ${colorScheme}`);
      }
    }

    // The example exam is in this server's catalogue.
    await page.goto(`${server.url}/prova-dashboard?prova=exemplo_2024_formato2_prova`);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: /Professor de Ciências \(exemplo do formato 2\)/,
      }),
    ).toBeVisible();
  });
});
