import type { APIRequestContext, Cookie, Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { ReportQueuePage } from '@gabarita/shared';
import { signedInAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/accessibility';
import { takeCommentOff } from './support/comments';
import { test as base, expect } from './support/fixtures';
import { lastMailTo } from './support/mailbox';
import { runOperatorCommand } from './support/operator';

/*
 * The editorial area: a student reports an error, an editor triages it and replies, the student
 * reads the reply on /conta. Each exam below is reported on only by this file, so the queue filtered
 * by exam holds only this file's reports.
 */
const FLOW_EXAM = 'etfsc_2015_professor_quimica_prova';
/** Its question 2 has its comment taken off here: students ask for one. */
const COMMENT_EXAM = 'etfsc_2015_pedagogo_prova';
const SCREENSHOT_EXAM = 'cmva_2017_professor_artes_prova';
const SCREENSHOT_QUESTION = `${SCREENSHOT_EXAM}_1`;

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function newApiContext(
  playwright: PlaywrightWorkerArgs['playwright'],
  cookies: Cookie[] = [],
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    // Writes are checked against the app's origin.
    extraHTTPHeaders: { origin: process.env.E2E_BASE_URL! },
    storageState: { cookies, origins: [] },
  });
}

/** Signs up a student through the API; its cookies. */
async function studentCookies(playwright: PlaywrightWorkerArgs['playwright'], name: string) {
  const context = await newApiContext(playwright);
  await signedInAccount(context, { name, email: uniqueEmail('estudante') });
  const { cookies } = await context.storageState();
  await context.dispose();
  return cookies;
}

interface EditorialAccounts {
  /** An account with the editor role (operator command), signed in. */
  editor: Cookie[];
  /** Two reports on SCREENSHOT_QUESTION; the second one answered and under review. */
  screenshotReports: void;
}

const test = base.extend<object, EditorialAccounts>({
  editor: [
    async ({ playwright }, use) => {
      const context = await newApiContext(playwright);
      const { email } = await signedInAccount(context, {
        name: 'Edna Editora',
        email: uniqueEmail('editora'),
      });
      runOperatorCommand('admin:create', email, '--role', 'editor');
      const { cookies } = await context.storageState();
      await context.dispose();
      await use(cookies);
    },
    { scope: 'worker' },
  ],
  screenshotReports: [
    async ({ playwright, editor }, use) => {
      const reports = [
        {
          name: 'Maria Candidata',
          body: {
            questionId: SCREENSHOT_QUESTION,
            type: 'Outro',
            text: 'A descrição da figura diz que o violeta fica na base, mas no enunciado não há legenda para conferir.',
          },
        },
        {
          name: 'Carlos Henrique',
          body: { questionId: SCREENSHOT_QUESTION, type: 'Gabarito divergente' },
        },
      ];
      for (const { name, body } of reports) {
        const context = await newApiContext(playwright, await studentCookies(playwright, name));
        const response = await context.post('/api/error-reports', { data: body });
        expect(response.status(), await response.text()).toBe(201);
        await context.dispose();
      }

      const staff = await newApiContext(playwright, editor);
      const queue = (await (
        await staff.get(`/api/admin/reports?prova=${SCREENSHOT_EXAM}`)
      ).json()) as ReportQueuePage;
      const carlos = queue.items.find((item) => item.reporterName === 'Carlos Henrique');
      if (!carlos) throw new Error('o reporte de Carlos não está na fila');
      const status = await staff.patch(`/api/admin/reports/${carlos.id}`, {
        data: { status: 'reviewing' },
      });
      expect(status.status(), await status.text()).toBe(200);
      const reply = await staff.post(`/api/admin/reports/${carlos.id}/reply`, {
        data: {
          mensagem: `Olá, Carlos! Recebemos o seu reporte sobre a ${carlos.questionLabel} e estamos analisando. Avisaremos quando terminarmos.`,
        },
      });
      expect(reply.status(), await reply.text()).toBe(200);
      await staff.dispose();
      await use();
    },
    { scope: 'worker' },
  ],
});

async function signInAs(page: Page, cookies: Cookie[]) {
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

test('an editor triages a report and replies; the student reads it in "Meus reportes"', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  const studentEmail = uniqueEmail('reporte');
  await signedInAccount(page.request, { name: 'Bruno Estudante', email: studentEmail });
  const student = await page.context().cookies();

  // The student reports an error from the viewer.
  await page.goto(`/questoes?prova=${FLOW_EXAM}&q=${FLOW_EXAM}_2`);
  await expect(page.getByRole('heading', { level: 1, name: 'Questão 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Reportar erro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar erro na questão' });
  await dialog.getByRole('radio', { name: 'Gabarito divergente' }).check({ force: true });
  await dialog
    .getByLabel(/Descreva o problema/)
    .fill('Pelas minhas contas, 32 g de metano dão 88 g de CO2.');
  await dialog.getByRole('button', { name: 'Enviar relatório' }).click();
  await expect(
    dialog.getByText('Erro reportado com sucesso! Agradecemos sua contribuição.'),
  ).toBeVisible();

  await page.goto('/conta');
  const mine = page.getByRole('region', { name: 'Meus reportes' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(mine.getByRole('listitem')).toContainText('Gabarito divergente');
  await expect(mine.getByRole('listitem')).toContainText('Novo');

  // The editor finds it in the queue.
  await signInAs(page, editor);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Área editorial' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reportes de erro' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/reportes$/);
  await page.getByRole('textbox', { name: 'Prova' }).fill(FLOW_EXAM);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`prova=${FLOW_EXAM}`));
  const entry = page
    .getByRole('list', { name: 'Reportes', exact: true })
    .getByRole('link', { name: /Bruno Estudante/ });
  await expect(entry).toContainText('Novo');
  await entry.click();

  const detail = page.getByRole('region', { name: 'Gabarito divergente', exact: true });
  await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(detail).toContainText(studentEmail);
  await expect(detail).toContainText('Pelas minhas contas, 32 g de metano dão 88 g de CO2.');
  await expect(detail.getByText('Gabarito: B')).toBeVisible();
  await expect(detail.getByRole('link', { name: /Abrir no visualizador/ })).toHaveAttribute(
    'href',
    `/questoes?prova=${FLOW_EXAM}&q=${FLOW_EXAM}_2`,
  );

  // 'Em análise', then the 'Corrigido' template, completed and sent.
  const situation = detail.getByRole('region', { name: 'Situação' });
  await situation.getByRole('radio', { name: 'Em análise' }).check();
  await situation.getByRole('button', { name: 'Salvar situação' }).click();
  await expect(situation.getByText('Situação alterada para "Em análise".')).toBeVisible();
  await expect(entry).toContainText('Em análise');

  const replying = detail.getByRole('region', { name: 'Resposta ao estudante' });
  await replying.getByRole('combobox', { name: 'Modelo' }).click();
  await page.getByRole('option', { name: 'Corrigido' }).click();
  const box = replying.getByRole('textbox', { name: 'Mensagem' });
  await expect(box).toHaveValue(
    /^Olá, Bruno! Obrigado por reportar o erro na questão 2 de Professor de Química · Instituto Horizonte de Seleção · 2015\. Corrigimos a questão: $/,
  );
  await box.press('End');
  await box.pressSequentially('o comentário agora mostra a conta completa.');
  await replying.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(replying.getByText(`Resposta enviada para ${studentEmail}.`)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect
    .poll(async () => (await lastMailTo(studentEmail)).text)
    .toContain('Corrigimos a questão: o comentário agora mostra a conta completa.');

  await situation.getByRole('radio', { name: 'Corrigido' }).check();
  await situation.getByRole('button', { name: 'Salvar situação' }).click();
  await expect(situation.getByText('Situação alterada para "Corrigido".')).toBeVisible();
  await expect(entry).toContainText('Corrigido');
  await expect(entry).toContainText('Respondido');
  await expectAccessible(page, 'reporte aberto depois da resposta');

  // The audit log has both changes and the reply.
  await page
    .getByRole('navigation', { name: 'Área editorial' })
    .getByRole('link', { name: 'Registro de ações' })
    .click();
  await page.getByRole('textbox', { name: 'Alvo' }).fill(`${FLOW_EXAM}_2`);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const log = page.getByRole('table');
  await expect(log.getByRole('row')).toHaveCount(4);
  await expect(log.getByRole('row').nth(1)).toContainText('Reporte de erro atualizado');
  await expect(log.getByRole('row').nth(1)).toContainText('Em análise → Corrigido');
  await expect(log.getByRole('row').nth(2)).toContainText('Resposta ao reporte enviada');

  // The student sees the new status and the reply.
  await signInAs(page, student);
  await page.goto('/conta');
  const item = mine.getByRole('listitem');
  await expect(item).toContainText('Corrigido');
  await expect(item).toContainText('Resposta da equipe');
  await expect(item).toContainText(
    'Corrigimos a questão: o comentário agora mostra a conta completa.',
  );
  await expect(item.getByRole('link')).toHaveAttribute(
    'href',
    `/questoes?prova=${FLOW_EXAM}&q=${FLOW_EXAM}_2`,
  );
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.reload();
      await expect(item).toContainText('Resposta da equipe');
      await mine.scrollIntoViewIfNeeded();
      await mine.screenshot({
        path: `e2e/.artifacts/screenshots/account-my-reports-${viewport.width}-${colorScheme}.png`,
      });
      await expectAccessible(page, `/conta com a resposta, ${viewport.width}px ${colorScheme}`);
    }
  }
});

test('the questions students asked to be commented form a queue; "Recusado" goes as it is', async ({
  page,
  playwright,
  editor,
}) => {
  test.setTimeout(150_000);
  const uncommented = `${COMMENT_EXAM}_2`;
  await takeCommentOff(playwright, uncommented);
  const studentEmail = uniqueEmail('pedido');
  const context = await newApiContext(playwright);
  await signedInAccount(context, { name: 'Rita Estudante', email: studentEmail });
  for (const body of [
    { questionId: uncommented, type: 'Falta de comentário da equipe' },
    { questionId: `${COMMENT_EXAM}_3`, type: 'Gabarito divergente' },
  ]) {
    const response = await context.post('/api/error-reports', { data: body });
    expect(response.status(), await response.text()).toBe(201);
  }
  await context.dispose();

  // The queue filtered by the type is the list of questions to comment, each with the editor.
  await signInAs(page, editor);
  const toComment = `/admin/reportes?prova=${COMMENT_EXAM}&tipo=${encodeURIComponent('Falta de comentário da equipe')}`;
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(toComment);
      const entries = page.getByRole('list', { name: 'Reportes', exact: true }).getByRole('link');
      await expect(entries).toHaveCount(1);
      await entries.first().click();
      const detail = page.getByRole('region', { name: 'Falta de comentário da equipe' });
      await expect(
        detail.getByRole('link', { name: 'Escrever o comentário no editor' }),
      ).toHaveAttribute('href', `/admin/questoes?q=${uncommented}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `e2e/.artifacts/screenshots/admin-reports-to-comment-${viewport.width}-${colorScheme}.png`,
        fullPage: true,
      });
      await expectAccessible(page, `questões a comentar, ${viewport.width}px ${colorScheme}`);
    }
  }

  // 'Recusado' is a whole reply: sent as it is, signed once by the mail.
  await page.setViewportSize(VIEWPORTS[0]!);
  await page.goto(`/admin/reportes?prova=${COMMENT_EXAM}&tipo=Gabarito+divergente`);
  await page
    .getByRole('list', { name: 'Reportes', exact: true })
    .getByRole('link', { name: /Rita Estudante/ })
    .click();
  const replying = page
    .getByRole('region', { name: 'Gabarito divergente', exact: true })
    .getByRole('region', { name: 'Resposta ao estudante' });
  await replying.getByRole('combobox', { name: 'Modelo' }).click();
  await page.getByRole('option', { name: 'Recusado' }).click();
  const box = replying.getByRole('textbox', { name: 'Mensagem' });
  await expect(box).toHaveValue(
    /está correta como publicada, por isso a mantivemos como está\. Se ainda tiver dúvidas, escreva para nós pela Central de Ajuda\.$/,
  );
  await expect(replying).toContainText(
    'A assinatura “Equipe Gabarita” entra sozinha no fim do e-mail: não é preciso escrevê-la.',
  );
  await replying.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(replying.getByText(`Resposta enviada para ${studentEmail}.`)).toBeVisible();
  const mail = await lastMailTo(studentEmail);
  expect(mail.text).toContain('por isso a mantivemos como está.');
  expect(mail.text.match(/Equipe Gabarita/g)).toHaveLength(1);
});

test('a free student who opens /admin is told the area is restricted', async ({
  page,
  freeAccount,
}) => {
  await page.context().addCookies(freeAccount.cookies);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
  await expect(page.getByText(/equipe editorial/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', {
      name: 'Área editorial',
    }),
  ).toHaveCount(0);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      // Loaded again in this theme: a theme switch on screen animates the colours.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
      await page.screenshot({
        path: `e2e/.artifacts/screenshots/admin-restricted-${viewport.width}-${colorScheme}.png`,
        fullPage: true,
      });
      await expectAccessible(page, `acesso restrito, ${viewport.width}px ${colorScheme}`);
    }
  }
  await page.getByRole('link', { name: 'Voltar para Questões de concurso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Questões de concurso' })).toBeVisible();
});

test.describe('screenshots', () => {
  // One worker makes the reports once; the screens are then shot one after the other.
  test.describe.configure({ mode: 'serial' });

  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`report queue with a report open, ${viewport.width}px ${colorScheme}`, async ({
        page,
        editor,
        screenshotReports,
      }) => {
        void screenshotReports;
        await signInAs(page, editor);
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(`/admin/reportes?prova=${SCREENSHOT_EXAM}`);
        const entry = page
          .getByRole('list', { name: 'Reportes', exact: true })
          .getByRole('link', { name: /Maria Candidata/ });
        await expect(entry).toBeVisible();
        if (viewport.width < 1200) {
          // Narrow screens show the list alone until a report is chosen.
          await page.screenshot({
            path: `e2e/.artifacts/screenshots/admin-report-list-${viewport.width}-${colorScheme}.png`,
            fullPage: true,
          });
          await expectAccessible(page, 'lista de reportes');
        }
        await entry.click();
        const detail = page.getByRole('region', { name: 'Outro', exact: true });
        await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
        await expect(detail.getByText('Gabarito: D')).toBeVisible();
        await expect(detail.getByRole('img', { name: /Círculo dividido/ })).toBeVisible();
        await expect(
          detail.getByRole('list', { name: 'Outros reportes nesta questão' }),
        ).toContainText('Carlos Henrique');
        // Opening moved the focus (and the scroll) to the report; the picture starts at the top.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForFunction(() => window.scrollY === 0);
        await page.screenshot({
          path: `e2e/.artifacts/screenshots/admin-report-queue-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
        await expectAccessible(page);
      });

      test(`audit log, ${viewport.width}px ${colorScheme}`, async ({
        page,
        editor,
        screenshotReports,
      }) => {
        void screenshotReports;
        await signInAs(page, editor);
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(`/admin/registro?alvo=${SCREENSHOT_QUESTION}`);
        await expect(page.getByText('Resposta ao reporte enviada').first()).toBeVisible();
        await page.screenshot({
          path: `e2e/.artifacts/screenshots/admin-audit-log-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
        await expectAccessible(page);
      });
    }
  }
});
