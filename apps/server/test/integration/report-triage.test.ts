import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_MESSAGES,
  MISSING_COMMENT_REPORT_TYPE,
  REPORT_TRIAGE_MESSAGES,
  VALIDATION_MESSAGES,
  auditPageSchema,
  reportDetailSchema,
  reportQueuePageSchema,
} from '@gabarita/shared';
import { get, send, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { refuseAuditEntries } from '../helpers/refused-writes';
import { type SmtpCatcher, startSmtpCatcher, unreachableSmtpUrl } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('error report triage', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      starting: 'mini',
      config: { smtp: { url: smtp.url, from: 'Gabarita <g@g.test>' } },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });
  const app = () => testApp.app;

  async function report(cookie: string, questionId: string, type: string, text?: string) {
    const response = await send(
      app(),
      'POST',
      '/api/error-reports',
      { questionId, type, text },
      cookie,
    );
    expect(response.statusCode).toBe(201);
  }
  async function queue(cookie: string, query = '') {
    const response = await get(app(), `/api/admin/reports${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return parsed(response, reportQueuePageSchema);
  }

  it('lists reports with filters and counts, in context, and moves them through the statuses', async () => {
    const editor = await signedInStudent(app(), testApp.database, {
      role: 'editor',
      name: 'Edna Editora',
    });
    const ana = await signedInStudent(app(), testApp.database, { name: 'Ana Estudante' });
    const bia = await signedInStudent(app(), testApp.database, { name: 'Bia Estudante' });
    await report(ana.cookie, 'alfa_2017_prova_1', 'Gabarito divergente');
    await report(bia.cookie, 'alfa_2017_prova_1', 'Gabarito divergente');
    await report(bia.cookie, 'beta_2015_prova_2', 'Outro', 'A figura está cortada.');

    const open = await queue(editor.cookie);
    expect(open.counts).toEqual({ new: 3, reviewing: 0, fixed: 0, rejected: 0 });
    expect(
      open.items.map((item) => [item.questionId, item.reporterName, item.openOnQuestion]),
    ).toEqual([
      ['beta_2015_prova_2', 'Bia Estudante', 1],
      ['alfa_2017_prova_1', 'Bia Estudante', 2],
      ['alfa_2017_prova_1', 'Ana Estudante', 2],
    ]);
    expect(open.items[0]).toMatchObject({
      type: 'Outro',
      text: 'A figura está cortada.',
      status: 'new',
    });
    expect(open.items[0]!.questionLabel).toMatch(/^questão 2 de /);

    expect((await queue(editor.cookie, '?prova=alfa_2017_prova')).items).toHaveLength(2);
    expect((await queue(editor.cookie, '?tipo=Outro')).items).toHaveLength(1);
    expect(
      (await queue(editor.cookie, '?disciplina=fisica')).items.map((item) => item.questionId),
    ).toEqual(['beta_2015_prova_2']);

    // In context: the reporter, the key and the other reports on the same question.
    const anaReport = open.items[2]!;
    const detail = parsed(
      await get(app(), `/api/admin/reports/${anaReport.id}`, editor.cookie),
      reportDetailSchema,
    );
    expect(detail.reporter).toEqual({ name: 'Ana Estudante', email: ana.email });
    expect(detail.answerLetter).toBe('A');
    expect(detail.others.map((other) => other.reporterName)).toEqual(['Bia Estudante']);

    const reviewing = await send(
      app(),
      'PATCH',
      `/api/admin/reports/${anaReport.id}`,
      { status: 'reviewing' },
      editor.cookie,
    );
    expect(reviewing.statusCode).toBe(200);
    expect(reviewing.json().message).toBe('Situação alterada para "Em análise".');
    expect(reviewing.json().detail).toMatchObject({
      report: { status: 'reviewing' },
      handledBy: 'Edna Editora',
    });
    // The editor fixes the question, then marks the report fixed: the report names that version.
    const editing = (
      await get(app(), '/api/admin/questions/alfa_2017_prova_1', editor.cookie)
    ).json();
    const edit = await send(
      app(),
      'PUT',
      '/api/admin/questions/alfa_2017_prova_1',
      { snapshot: { ...editing.snapshot, questao: '<p>Enunciado corrigido.</p>' }, baseVersion: 0 },
      editor.cookie,
    );
    expect(edit.statusCode).toBe(200);
    const fixed = await send(
      app(),
      'PATCH',
      `/api/admin/reports/${anaReport.id}`,
      { status: 'fixed' },
      editor.cookie,
    );
    expect(fixed.json().detail).toMatchObject({ report: { status: 'fixed' }, fixedInVersion: 2 });
    expect((await queue(editor.cookie)).counts).toEqual({
      new: 2,
      reviewing: 0,
      fixed: 1,
      rejected: 0,
    });
    expect((await queue(editor.cookie, '?situacao=fixed')).items.map((item) => item.id)).toEqual([
      anaReport.id,
    ]);
    expect((await queue(editor.cookie, '?situacao=todos')).items).toHaveLength(3);

    // Once fixed, the same student may report the same thing again; reopening the old one then
    // would make two open twins, and is refused.
    await report(ana.cookie, 'alfa_2017_prova_1', 'Gabarito divergente');
    const reopen = await send(
      app(),
      'PATCH',
      `/api/admin/reports/${anaReport.id}`,
      { status: 'new' },
      editor.cookie,
    );
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error.code).toBe('report/twin-open');

    const audit = parsed(
      await get(app(), '/api/admin/audit?acao=report.status', editor.cookie),
      auditPageSchema,
    );
    expect(audit.entries.map((entry) => entry.summary)).toEqual([
      'Reporte "Gabarito divergente" de Ana Estudante: Em análise → Corrigido',
      'Reporte "Gabarito divergente" de Ana Estudante: Novo → Em análise',
    ]);
    expect(audit.entries[0]).toMatchObject({
      actor: `Edna Editora <${editor.email}>`,
      target: 'alfa_2017_prova_1',
    });
  });

  it('replies to the reporter by e-mail, escaped, and the reporter sees it under Meus reportes', async () => {
    const editor = await signedInStudent(app(), testApp.database, { role: 'admin' });
    const carla = await signedInStudent(app(), testApp.database, { name: 'Carla' });
    await report(carla.cookie, 'gama_2015_prova_1', 'Enunciado com erro na redação');
    const [item] = (await queue(editor.cookie, '?prova=gama_2015_prova')).items;

    const empty = await send(
      app(),
      'POST',
      `/api/admin/reports/${item!.id}/reply`,
      { mensagem: '   ' },
      editor.cookie,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Escreva a resposta ao estudante.');
    // A template sent before it was completed would leave the student reading a dangling colon.
    const unfinished = await send(
      app(),
      'POST',
      `/api/admin/reports/${item!.id}/reply`,
      { mensagem: 'Olá, Carla! Obrigado por reportar o erro. Corrigimos a questão: ' },
      editor.cookie,
    );
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json().error.message).toBe(REPORT_TRIAGE_MESSAGES.replyUnfinished);
    expect(smtp.messages.filter((mail) => mail.to.includes(carla.email))).toEqual([]);

    const message =
      'Olá, Carla! Corrigimos o enunciado: <script>alert(1)</script> agora diz "x < 3".';
    const replied = await send(
      app(),
      'POST',
      `/api/admin/reports/${item!.id}/reply`,
      { mensagem: message },
      editor.cookie,
    );
    expect(replied.statusCode).toBe(200);
    expect(replied.json().message).toBe(`Resposta enviada para ${carla.email}.`);
    const mail = await smtp.lastTo(carla.email);
    expect(mail.subject).toContain('resposta ao seu reporte de erro (questão 1 de ');
    expect(mail.text).toContain(message);
    expect(mail.text).toMatch(
      /Ver a questão: http:\/\/\S+\/questoes\?prova=gama_2015_prova&q=gama_2015_prova_1/,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');

    await send(
      app(),
      'PATCH',
      `/api/admin/reports/${item!.id}`,
      { status: 'fixed' },
      editor.cookie,
    );
    const mine = (await get(app(), '/api/me/error-reports', carla.cookie)).json();
    expect(mine.reports).toEqual([
      expect.objectContaining({
        questionId: 'gama_2015_prova_1',
        type: 'Enunciado com erro na redação',
        status: 'fixed',
        reply: message,
      }),
    ]);
    // Nobody sees anyone else's reports.
    const other = await signedInStudent(app(), testApp.database);
    expect((await get(app(), '/api/me/error-reports', other.cookie)).json().reports).toEqual([]);
  });

  it('e-mails a reply only once it is saved, and keeps a saved reply the mail server refused', async () => {
    const editor = await signedInStudent(app(), testApp.database, { role: 'editor' });
    const dora = await signedInStudent(app(), testApp.database, { name: 'Dora Garantia' });
    await report(dora.cookie, 'beta_2015_prova_3', 'Outro', 'A figura está cortada.');
    const item = (await queue(editor.cookie, '?prova=beta_2015_prova')).items.find(
      (entry) => entry.reporterName === 'Dora Garantia',
    )!;
    const url = `/api/admin/reports/${item.id}/reply`;
    const storedReply = async () =>
      parsed(await get(app(), `/api/admin/reports/${item.id}`, editor.cookie), reportDetailSchema)
        .reply;
    const message = 'Olá, Dora! A figura foi corrigida.';

    const broken = await send(app(), 'POST', url, { mensagem: `${message} \ud83d` }, editor.cookie);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(VALIDATION_MESSAGES.invalidCharacters);

    // A reply whose audit entry cannot be written is not saved, and so not sent, however retried.
    const allowAudit = await refuseAuditEntries(testApp.database.db, 'report.reply');
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = await send(app(), 'POST', url, { mensagem: message }, editor.cookie);
        expect(failed.statusCode).toBe(500);
      }
    } finally {
      await allowAudit();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.filter((mail) => mail.to.includes(dora.email))).toEqual([]);
    expect(await storedReply()).toBeNull();

    // Saved, then refused by the mail server: the reply stays (Dora sees it under Meus reportes),
    // and the editor is told the e-mail did not go.
    const unreachable = await createTestApp({
      database: testApp.database,
      config: { smtp: { url: await unreachableSmtpUrl(), from: 'Gabarita <g@g.test>' } },
    });
    try {
      const notSent = await send(
        unreachable.app,
        'POST',
        url,
        { mensagem: message },
        editor.cookie,
      );
      expect(notSent.statusCode).toBe(502);
      expect(notSent.json().error).toEqual({
        code: 'mail/not-sent',
        message: MAIL_MESSAGES.replySavedNotSent(dora.email),
      });
    } finally {
      await unreachable.close();
    }
    expect(await storedReply()).toBe(message);
  });

  it('lists the questions students asked the team to comment, by type', async () => {
    const editor = await signedInStudent(app(), testApp.database, { role: 'editor' });
    const [caio, duda] = [
      await signedInStudent(app(), testApp.database, { name: 'Caio Estudante' }),
      await signedInStudent(app(), testApp.database, { name: 'Duda Estudante' }),
    ];
    await report(caio.cookie, 'gama_2015_prova_1', MISSING_COMMENT_REPORT_TYPE);
    await report(duda.cookie, 'gama_2015_prova_1', MISSING_COMMENT_REPORT_TYPE);
    await report(duda.cookie, 'gama_2015_prova_2', MISSING_COMMENT_REPORT_TYPE);
    await report(duda.cookie, 'gama_2015_prova_2', 'Gabarito divergente');

    const toComment = await queue(
      editor.cookie,
      `?prova=gama_2015_prova&tipo=${encodeURIComponent(MISSING_COMMENT_REPORT_TYPE)}`,
    );
    expect(
      toComment.items.map((item) => [item.questionId, item.reporterName, item.openOnQuestion]),
    ).toEqual([
      ['gama_2015_prova_2', 'Duda Estudante', 2],
      ['gama_2015_prova_1', 'Duda Estudante', 2],
      ['gama_2015_prova_1', 'Caio Estudante', 2],
    ]);
    expect(toComment.items.every((item) => item.type === MISSING_COMMENT_REPORT_TYPE)).toBe(true);
    expect(toComment.counts).toEqual({ new: 3, reviewing: 0, fixed: 0, rejected: 0 });
  });

  it('refuses unknown reports and students', async () => {
    const editor = await signedInStudent(app(), testApp.database, { role: 'editor' });
    const missing = await get(
      app(),
      '/api/admin/reports/00000000-0000-4000-8000-000000000000',
      editor.cookie,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Reporte não encontrado.');
    const student = await signedInStudent(app(), testApp.database, { premium: true });
    expect((await get(app(), '/api/admin/reports', student.cookie)).statusCode).toBe(403);
  });
});
