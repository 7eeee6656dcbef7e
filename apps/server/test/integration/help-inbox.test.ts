import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VALIDATION_MESSAGES,
  TOKEN_PACKAGE,
  auditPageSchema,
  helpActionResponseSchema,
  helpInboxPageSchema,
  helpRequestDetailSchema,
} from '@gabarita/shared';
import { get, send, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { refuseAuditEntries } from '../helpers/refused-writes';
import { type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('help inbox', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      config: { smtp: { url: smtp.url, from: 'Gabarita <g@g.test>' } },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });
  const app = () => testApp.app;

  /** Support answers; the audit log is read by an admin (editors and admins read it). */
  const admin = () => signedInStudent(app(), testApp.database, { role: 'admin' });
  const staff = (name = 'Sara Suporte') =>
    signedInStudent(app(), testApp.database, { role: 'support', name });

  async function ask(cookie: string, mensagem: string) {
    const response = await send(app(), 'POST', '/api/help-requests', { mensagem }, cookie);
    expect(response.statusCode, response.body).toBe(201);
  }
  async function inbox(cookie: string, query = '') {
    const response = await get(app(), `/api/admin/help-requests${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return parsed(response, helpInboxPageSchema);
  }
  /** The one message of this sender's, found by its address. */
  async function messageOf(cookie: string, email: string) {
    const [item] = (await inbox(cookie, `?busca=${encodeURIComponent(email)}`)).items;
    return item!;
  }
  const reply = (cookie: string, id: string, body: string) =>
    send(app(), 'POST', `/api/admin/help-requests/${id}/replies`, { body }, cookie);
  const setStatus = (cookie: string, id: string, status: string) =>
    send(app(), 'POST', `/api/admin/help-requests/${id}/status`, { status }, cookie);

  it('lists messages newest first, with counts per status, filters and search', async () => {
    const sara = await staff();
    const ana = await signedInStudent(app(), testApp.database, { name: 'Ana Lista' });
    const bia = await signedInStudent(app(), testApp.database, { name: 'Bia Lista' });
    await ask(ana.cookie, 'Lista-xyz: não recebi o e-mail de confirmação.');
    await ask(bia.cookie, 'Lista-xyz: o PIX não foi confirmado.');
    await ask(bia.cookie, `Lista-xyz: ${'muito texto '.repeat(40)}`);

    const all = await inbox(sara.cookie, '?busca=lista-xyz');
    expect(all.counts).toEqual({ new: 3, answered: 0, closed: 0 });
    expect(all.items.map((item) => [item.name, item.email, item.status, item.replies])).toEqual([
      ['Bia Lista', bia.email, 'new', 0],
      ['Bia Lista', bia.email, 'new', 0],
      ['Ana Lista', ana.email, 'new', 0],
    ]);
    expect(all.items[0]!.snippet.length).toBe(160);
    expect(all.items[1]!.snippet).toBe('Lista-xyz: o PIX não foi confirmado.');

    // Search by name, by address and by text; a literal % matches nothing here.
    expect((await inbox(sara.cookie, '?busca=ana%20lista')).items).toHaveLength(1);
    expect(
      (await inbox(sara.cookie, `?busca=${encodeURIComponent(bia.email)}`)).items,
    ).toHaveLength(2);
    expect((await inbox(sara.cookie, '?busca=PIX%20n%C3%A3o')).items).toHaveLength(1);
    expect((await inbox(sara.cookie, '?busca=lista-xyz%25%25')).items).toHaveLength(0);

    const closed = await setStatus(sara.cookie, all.items[2]!.id, 'closed');
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await inbox(sara.cookie, '?busca=lista-xyz&situacao=closed');
    expect(after.counts).toEqual({ new: 2, answered: 0, closed: 1 });
    expect(after.items.map((item) => item.email)).toEqual([ana.email]);
  });

  it('replies by e-mail with the message quoted, keeps the thread in order and audits it', async () => {
    const sara = await staff('Sara Respostas');
    const carla = await signedInStudent(app(), testApp.database, {
      name: 'Carla Cliente',
      premium: true,
    });
    await ask(carla.cookie, 'Paguei o PIX ontem e o plano <b>não</b> liberou.');
    const item = await messageOf(sara.cookie, carla.email);

    const detail = parsed(
      await get(app(), `/api/admin/help-requests/${item.id}`, sara.cookie),
      helpRequestDetailSchema,
    );
    expect(detail.request).toMatchObject({
      name: 'Carla Cliente',
      email: carla.email,
      message: 'Paguei o PIX ontem e o plano <b>não</b> liberou.',
      status: 'new',
    });
    expect(detail.replies).toEqual([]);
    expect(detail.account).toMatchObject({
      userId: carla.user.id,
      name: 'Carla Cliente',
      email: carla.email,
      accountType: 'premium',
      verified: true,
      blocked: false,
      packageTokens: null,
    });
    expect(detail.account!.planEndsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A package the customer holds shows beside the message.
    const granted = await send(
      app(),
      'POST',
      `/api/admin/accounts/${carla.user.id}/tokens`,
      { pacotes: 1, motivo: 'Falha no tutor' },
      sara.cookie,
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const withPackage = parsed(
      await get(app(), `/api/admin/help-requests/${item.id}`, sara.cookie),
      helpRequestDetailSchema,
    );
    expect(withPackage.account!.packageTokens).toEqual({
      input: TOKEN_PACKAGE.inputTokens,
      output: TOKEN_PACKAGE.outputTokens,
    });

    const first = await reply(sara.cookie, item.id, 'Olá, Carla! Já liberamos o seu plano.');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(`Resposta enviada para ${carla.email}.`);
    const mail = await smtp.lastTo(carla.email);
    expect(mail.subject).toBe('Gabarita: resposta à sua mensagem na Central de Ajuda');
    expect(mail.text).toContain('Olá, Carla! Já liberamos o seu plano.');
    expect(mail.text).toContain('> Paguei o PIX ontem e o plano <b>não</b> liberou.');
    expect(mail.html).toContain('Paguei o PIX ontem e o plano &lt;b&gt;não&lt;/b&gt; liberou.');
    expect(mail.html).not.toContain('<b>não</b>');
    expect(first.json().detail.request.status).toBe('answered');

    const second = await reply(sara.cookie, item.id, '  Qualquer coisa, é só responder.  ');
    expect(second.statusCode).toBe(200);
    const thread = parsed(second, helpActionResponseSchema).detail.replies;
    expect(thread.map((entry) => [entry.authorName, entry.body])).toEqual([
      ['Sara Respostas', 'Olá, Carla! Já liberamos o seu plano.'],
      ['Sara Respostas', 'Qualquer coisa, é só responder.'],
    ]);
    expect(smtp.messages.filter((message) => message.to.includes(carla.email))).toHaveLength(2);
    expect((await messageOf(sara.cookie, carla.email)).replies).toBe(2);

    const audit = parsed(
      await get(app(), '/api/admin/audit?acao=help.reply', (await admin()).cookie),
      auditPageSchema,
    );
    const mine = audit.entries.filter((entry) => entry.target === carla.email);
    expect(mine.map((entry) => entry.summary)).toEqual([
      `Resposta à mensagem de Carla Cliente enviada para ${carla.email}`,
      `Resposta à mensagem de Carla Cliente enviada para ${carla.email}`,
    ]);
    expect(mine[0]!.actor).toBe(`Sara Respostas <${sara.email}>`);
  });

  it('closes and reopens a message; a reply to a closed one makes it answered again', async () => {
    const sara = await staff('Sara Status');
    const davi = await signedInStudent(app(), testApp.database, { name: 'Davi Status' });
    await ask(davi.cookie, 'Como cancelo?');
    const item = await messageOf(sara.cookie, davi.email);

    const closed = await setStatus(sara.cookie, item.id, 'closed');
    expect(closed.json()).toMatchObject({
      message: 'Mensagem encerrada.',
      detail: { request: { status: 'closed' } },
    });
    const reopened = await setStatus(sara.cookie, item.id, 'new');
    expect(reopened.json()).toMatchObject({
      message: 'Mensagem reaberta como "Novo".',
      detail: { request: { status: 'new' } },
    });
    // 'answered' comes only from a reply.
    const invalid = await setStatus(sara.cookie, item.id, 'answered');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Escolha encerrar ou reabrir a mensagem.');

    await setStatus(sara.cookie, item.id, 'closed');
    const replied = await reply(sara.cookie, item.id, 'Não há renovação automática.');
    expect(replied.json().detail.request.status).toBe('answered');

    const audit = parsed(
      await get(app(), '/api/admin/audit?acao=help.status', (await admin()).cookie),
      auditPageSchema,
    );
    expect(
      audit.entries.filter((entry) => entry.target === davi.email).map((entry) => entry.summary),
    ).toEqual([
      'Mensagem de Davi Status: Novo → Encerrado',
      'Mensagem de Davi Status: Encerrado → Novo',
      'Mensagem de Davi Status: Novo → Encerrado',
    ]);
  });

  it('e-mails a reply only once it is saved: a reply that cannot be saved sends nothing', async () => {
    const sara = await staff('Sara Garantia');
    const gil = await signedInStudent(app(), testApp.database, { name: 'Gil Garantia' });
    await ask(gil.cookie, 'Meu plano não aparece.');
    const item = await messageOf(sara.cookie, gil.email);

    const broken = await reply(sara.cookie, item.id, 'Olá, Gil! \ud83d');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(VALIDATION_MESSAGES.invalidCharacters);
    const allowAudit = await refuseAuditEntries(testApp.database.db, 'help.reply');
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await reply(sara.cookie, item.id, 'Olá, Gil! Já verificamos.')).statusCode).toBe(
          500,
        );
      }
    } finally {
      await allowAudit();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.filter((message) => message.to.includes(gil.email))).toEqual([]);
    expect(await messageOf(sara.cookie, gil.email)).toMatchObject({ status: 'new', replies: 0 });
  });

  it('refuses an empty reply and sends nothing; refuses unknown messages and customers', async () => {
    const sara = await staff('Sara Recusa');
    const eva = await signedInStudent(app(), testApp.database, { name: 'Eva Vazia' });
    await ask(eva.cookie, 'Oi?');
    const item = await messageOf(sara.cookie, eva.email);

    const empty = await reply(sara.cookie, item.id, '   \n ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Escreva a resposta ao cliente.');
    const missing = await send(
      app(),
      'POST',
      `/api/admin/help-requests/${item.id}/replies`,
      {},
      sara.cookie,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Escreva a resposta ao cliente.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.filter((message) => message.to.includes(eva.email))).toEqual([]);
    expect(await messageOf(sara.cookie, eva.email)).toMatchObject({ status: 'new', replies: 0 });

    const unknown = await get(
      app(),
      '/api/admin/help-requests/00000000-0000-4000-8000-000000000000',
      sara.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Mensagem não encontrada.');

    const free = await signedInStudent(app(), testApp.database);
    expect((await get(app(), '/api/admin/help-requests', free.cookie)).statusCode).toBe(403);
    expect((await reply(free.cookie, item.id, 'Oi')).statusCode).toBe(403);
    const editor = await signedInStudent(app(), testApp.database, { role: 'editor' });
    expect(
      (await get(app(), `/api/admin/help-requests/${item.id}`, editor.cookie)).statusCode,
    ).toBe(403);
  });
});
