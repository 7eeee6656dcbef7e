import { Writable } from 'node:stream';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRIVACY_MESSAGES,
  createPaymentResponseSchema,
  outboxResponseSchema,
} from '@gabarita/shared';
import { type Database, executeRows } from '@/db/client';
import {
  actionCodes,
  aiFeedback,
  auditLog,
  errorReports,
  helpRequests,
  paymentNotifications,
  purchases,
  questionAnswerCounts,
  users,
} from '@/db/schema';
import { insertUser } from '@/modules/auth/auth.repo';
import { createOperatorService } from '@/modules/operator/operator.service';
import { createRateLimiter } from '@/modules/rate-limit';
import { createTokenLedger } from '@/modules/tokens';
import { createPersonalData } from '@/personal-data';
import {
  APP_ORIGIN,
  createPasswordUser,
  get,
  send,
  sessionCookieFor,
  signIn,
  signedInStudent,
  uniqueEmail,
} from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { questionIdsOf, seedPersonalData, tracesInEveryColumn } from '../helpers/personal-data';
import { buy } from '../helpers/payments';
import { actionCodeIn, type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Where personal data lives: every column that names an account or holds what a person typed or
 * uploaded. Deleting an account must leave none of it in any of these (docs/product-rules.md,
 * "Personal data and the LGPD"); a new table that references users fails the test until it is
 * listed here, and handled by the deletion.
 */
const PERSONAL_DATA: Record<string, string[]> = {
  users: ['id', 'email', 'name', 'password_hash', 'google_subject', 'external_photo_url'],
  user_photos: ['user_id', 'content'],
  previous_emails: ['user_id', 'email'],
  sessions: ['user_id'],
  action_codes: ['user_id', 'new_email'],
  trusted_browsers: ['user_id'],
  consents: ['user_id'],
  entitlements: ['user_id'],
  token_wallets: ['user_id'],
  token_package_lots: ['user_id'],
  token_daily_quota: ['user_id'],
  token_reservations: ['user_id'],
  token_usage: ['user_id'],
  test_history: ['user_id'],
  exam_option_choices: ['user_id'],
  editais: ['user_id', 'name', 'exam_date', 'syllabus', 'source_text'],
  question_history: ['user_id'],
  daily_usage: ['user_id'],
  review_items: ['user_id'],
  flashcards: ['user_id', 'front', 'back'],
  review_logs: ['user_id'],
  review_settings: ['user_id'],
  simulados: ['user_id'],
  // Kept for the fiscal period, under a pseudonym.
  purchases: ['user_id', 'account_pseudonym'],
  // Shared texts an account paid for stay, without the account.
  ai_feedback: ['created_by'],
  didactic_contents: ['created_by'],
  ai_generations: ['user_id'],
  chat_messages: ['user_id', 'content'],
  chat_free_replies: ['user_id'],
  error_reports: ['user_id', 'text', 'handled_by'],
  help_requests: ['user_id', 'user_name', 'user_email', 'message'],
  help_replies: ['author_id', 'author_name', 'body'],
  user_notices: ['user_id', 'text'],
  data_exports: ['user_id', 'content'],
  // Staff only (the console's editors); staff accounts cannot be deleted by themselves.
  question_versions: ['created_by', 'created_by_name'],
  // No foreign key: they name the account in text.
  audit_log: ['actor_id', 'actor_label', 'target', 'summary', 'details'],
  operator_runs: ['args'],
  rate_limits: ['key'],
  outbox_messages: ['to', 'subject', 'text', 'html'],
};

/** Rows owned through a parent row rather than a user column. */
const OWNED_THROUGH = {
  simulado_questions: 'simulado_id',
  help_replies: 'request_id',
  payment_notifications: 'purchase_id',
} as const;

interface Person {
  id: string;
  email: string;
  name: string;
  marker: string;
}

const needles = (person: Person) => [person.id, person.email, person.name, person.marker];

async function columnTypes(db: Database) {
  const rows = await executeRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public'`,
  );
  return rows;
}

/** How many rows of each listed column contain each of the person's traces. */
const tracesOf = (db: Database, person: Person) =>
  tracesInEveryColumn(db, needles(person), (column) =>
    Boolean(PERSONAL_DATA[column.table_name]?.includes(column.column_name)),
  );

describe('deleting an account', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  const logLines: string[] = [];
  let questionIds: string[];
  const catalogue = () => ({ examId: 'alfa_2017_prova', questionIds });

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      starting: 'mini',
      config: {
        smtp: { url: smtp.url, from: 'Gabarita <nao-responda@gabarita.test>' },
        logLevel: 'info',
      },
      deps: {
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(chunk.toString());
            done();
          },
        }),
      },
    });
    questionIds = await questionIdsOf(testApp.database.db, 'alfa_2017_prova');
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  const deleteMe = (cookie: string, body: Record<string, unknown>) =>
    send(app(), 'DELETE', '/api/me', body, cookie);

  async function seededPerson(name: string, marker: string) {
    const account = await createPasswordUser(db(), { name });
    const person = { id: account.user.id, email: account.email, name, marker };
    const seeded = await seedPersonalData(db(), person, catalogue(), marker);
    return { ...account, person, seeded, cookie: await sessionCookieFor(db(), person.id) };
  }

  it('knows every table that references an account', async () => {
    const references = await executeRows<{ table_name: string; column_name: string }>(
      db(),
      sql`select c.conrelid::regclass::text as table_name, a.attname as column_name
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'f' and c.confrelid = 'users'::regclass`,
    );
    const userish = (await columnTypes(db())).filter(
      (column) =>
        ['text', 'uuid', 'jsonb'].includes(column.data_type) &&
        /(^|_)(user|email|author|created_by|actor)/.test(column.column_name),
    );
    const unknown = [...references, ...userish]
      .filter((column) => !PERSONAL_DATA[column.table_name]?.includes(column.column_name))
      .map((column) => `${column.table_name}.${column.column_name}`);
    expect(unknown).toEqual([]);
  });

  it('has every table with personal data declared, once, by the module that holds it', () => {
    const registry = createPersonalData({
      db: db(),
      limits: createRateLimiter(db()),
      ledger: createTokenLedger(db(), { inputPerMillion: 0, outputPerMillion: 0 }),
      retention: { aiChatDays: 365, outboxDays: 7 },
    });
    const declared = registry.owners().flatMap((owner) => Object.entries(owner.tables));
    expect(declared.map(([table]) => table).sort()).toEqual(Object.keys(PERSONAL_DATA).sort());
    expect(Object.fromEntries(declared.map(([table, columns]) => [table, [...columns]]))).toEqual(
      PERSONAL_DATA,
    );
  });

  it('erases everything of the account and nothing of anyone else', async () => {
    const x = await seededPerson('Xerxes Quintanilha Dâmaso', 'marca-x-7f3k2');
    const y = await seededPerson('Ymir Permanente Zeta', 'marca-y-9q8w1');
    // X answers a question first: the crowd's counts keep that answer after X is gone.
    const check = await send(
      app(),
      'POST',
      '/api/questions/alfa_2017_prova_3/check',
      { letter: 'A' },
      x.cookie,
    );
    expect(check.statusCode).toBe(200);
    const counts = () =>
      db().select().from(questionAnswerCounts).orderBy(questionAnswerCounts.questionId);
    const countsBefore = await counts();
    expect(countsBefore.length).toBeGreaterThan(0);
    const simuladosOf = async (userId: string) =>
      (
        await executeRows<{ id: string }>(
          db(),
          sql`select id from simulados where user_id = ${userId}`,
        )
      ).map((row) => row.id);
    const xSimulados = await simuladosOf(x.person.id);
    const ySimulados = await simuladosOf(y.person.id);
    const yBefore = await tracesOf(db(), y.person);
    expect(Object.keys(yBefore).length).toBeGreaterThan(20);
    const aiFeedbackBefore = await db().select().from(aiFeedback);
    expect(Object.keys(await tracesOf(db(), x.person)).length).toBeGreaterThan(20);

    const deleted = await deleteMe(x.cookie, { password: x.password });
    expect(deleted.statusCode).toBe(204);
    const cleared = deleted.cookies.find((cookie) => cookie.name === 'gabarita_session');
    expect(cleared?.value).toBe('');
    expect((await get(app(), '/api/me', x.cookie)).statusCode).toBe(401);

    // Nothing anywhere names X: not the listed columns, not any text column of any table.
    expect(await tracesOf(db(), x.person)).toEqual({});
    expect(await tracesInEveryColumn(db(), needles(x.person))).toEqual({});
    expect(await tracesOf(db(), y.person)).toEqual(yBefore);

    // Rows owned through X's rows went with them; Y's stayed.
    const childrenOf = (table: keyof typeof OWNED_THROUGH, ids: string[]) =>
      executeRows<{ total: number }>(
        db(),
        sql`select count(*)::int as total from ${sql.raw(table)}
            where ${sql.raw(OWNED_THROUGH[table])}::text in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    expect((await childrenOf('simulado_questions', xSimulados))[0]!.total).toBe(0);
    expect((await childrenOf('simulado_questions', ySimulados))[0]!.total).toBe(2);
    expect((await childrenOf('help_replies', [x.seeded.helpRequestId]))[0]!.total).toBe(0);
    expect((await childrenOf('help_replies', [y.seeded.helpRequestId]))[0]!.total).toBe(1);

    // X's purchases stay, without the account, under one pseudonym; their history stays too.
    const kept = await db()
      .select()
      .from(purchases)
      .where(inArray(purchases.id, Object.values(x.seeded.purchaseIds)));
    expect(kept).toHaveLength(2);
    const pseudonym = kept[0]!.accountPseudonym!;
    expect(pseudonym).toMatch(/^conta-excluida-[a-z2-7]{10}$/);
    for (const purchase of kept) {
      expect(purchase).toMatchObject({ userId: null, accountPseudonym: pseudonym });
    }
    expect(
      await db()
        .select()
        .from(paymentNotifications)
        .where(inArray(paymentNotifications.purchaseId, Object.values(x.seeded.purchaseIds))),
    ).toHaveLength(2);
    // The audit trail keeps its entries, naming the pseudonym.
    const audit = await db()
      .select()
      .from(auditLog)
      .where(sql`strpos(${auditLog.summary}, ${pseudonym}) > 0`);
    expect(audit.map((row) => row.action).sort()).toEqual([
      'account.grant-tokens',
      'help.reply',
      'operator.command',
    ]);
    expect(audit.find((row) => row.action === 'account.grant-tokens')).toMatchObject({
      target: `account:${pseudonym}`,
      summary: `1 pacote de tokens para ${pseudonym}. Motivo: cortesia`,
    });
    expect(audit.find((row) => row.action === 'help.reply')!.summary).toBe(
      `Resposta à mensagem de ${pseudonym} enviada para ${pseudonym}`,
    );
    // Shared texts and the crowd's counts are not the account's.
    expect(await db().select().from(aiFeedback)).toHaveLength(aiFeedbackBefore.length);
    expect(await counts()).toEqual(countsBefore);

    // The confirmation goes to the address, with the reference of the kept purchases.
    const mail = await smtp.lastTo(x.email);
    expect(mail.subject).toBe('Sua conta foi excluída do Gabarita');
    expect(mail.text).toContain(pseudonym);
    expect(mail.text).toContain('das suas 2 compras');
    expect(mail.text).not.toContain(x.person.name);
    // The log names the pseudonym, never the address.
    expect(logLines.join('')).toContain(pseudonym);
    expect(logLines.join('')).not.toContain(x.email);

    // The address is free again: a new, separate account.
    const again = await send(app(), 'POST', '/api/auth/signup', {
      name: 'Xerxes de Novo',
      email: x.email,
      password: 'senha-forte-456',
    });
    expect(again.statusCode).toBe(201);
    const [fresh] = await db().select().from(users).where(eq(users.email, x.email));
    expect(fresh!.id).not.toBe(x.person.id);
  });

  it('asks a password account for its password, and holds after 10 wrong ones', async () => {
    const { user, password, cookie } = await signedInStudent(app(), testApp.database);
    const missing = await deleteMe(cookie, {});
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('privacy/wrong-password');
    for (let i = 0; i < 10; i++) {
      const wrong = await deleteMe(cookie, { password: 'senha-errada' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toEqual({
        code: 'privacy/wrong-password',
        message: PRIVACY_MESSAGES.wrongPassword,
      });
    }
    expect((await deleteMe(cookie, { password })).statusCode).toBe(429);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('confirms a Google account with a 6-digit code e-mailed to it', async () => {
    const google = await insertUser(db(), {
      provider: 'google',
      googleSubject: `sub-excluir-${Date.now()}`,
      email: uniqueEmail('google'),
      name: 'Conta Google Excluível',
      emailVerifiedAt: new Date(),
    });
    const cookie = await sessionCookieFor(db(), google.id);
    const noCode = await deleteMe(cookie, {});
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toEqual({
      code: 'privacy/code-required',
      message: PRIVACY_MESSAGES.deleteCodeRequired,
    });

    expect((await send(app(), 'POST', '/api/me/deletion-code', {}, cookie)).statusCode).toBe(204);
    const mail = await smtp.lastTo(google.email);
    expect(mail.subject).toBe('Código para excluir sua conta no Gabarita');
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;
    expect(mail.text).not.toContain(google.name);
    const [stored] = await db().select().from(actionCodes).where(eq(actionCodes.userId, google.id));
    expect(stored!.mode).toBe('deleteAccount');
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await deleteMe(cookie, { code: wrongCode });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('privacy/code-invalid');

    expect((await deleteMe(cookie, { code })).statusCode).toBe(204);
    expect(await db().select().from(users).where(eq(users.id, google.id))).toEqual([]);
    expect((await smtp.lastTo(google.email)).subject).toBe('Sua conta foi excluída do Gabarita');
  });

  it('refuses an expired code, holds after 5 wrong codes and sends 3 codes an hour', async () => {
    const google = await insertUser(db(), {
      provider: 'google',
      googleSubject: `sub-limite-${Date.now()}`,
      email: uniqueEmail('google'),
      name: 'Conta Google Limitada',
      emailVerifiedAt: new Date(),
    });
    const cookie = await sessionCookieFor(db(), google.id);
    await send(app(), 'POST', '/api/me/deletion-code', {}, cookie);
    const code = (await smtp.lastTo(google.email)).text.match(/\b(\d{6})\b/)![1]!;
    await db()
      .update(actionCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(actionCodes.userId, google.id));
    expect((await deleteMe(cookie, { code })).json().error.code).toBe('privacy/code-invalid');

    await send(app(), 'POST', '/api/me/deletion-code', {}, cookie);
    await send(app(), 'POST', '/api/me/deletion-code', {}, cookie);
    const fourth = await send(app(), 'POST', '/api/me/deletion-code', {}, cookie);
    expect(fourth.statusCode).toBe(429);
    const live = (await smtp.lastTo(google.email)).text.match(/\b(\d{6})\b/)![1]!;
    const wrongCode = live === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await deleteMe(cookie, { code: wrongCode })).statusCode).toBe(403);
    }
    expect((await deleteMe(cookie, { code: live })).statusCode).toBe(429);
    expect(await db().select().from(users).where(eq(users.id, google.id))).toHaveLength(1);
  });

  it('refuses staff accounts and a password account asking for a code', async () => {
    const editor = await signedInStudent(app(), testApp.database, { role: 'editor' });
    const refused = await deleteMe(editor.cookie, { password: editor.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'privacy/staff-account',
      message: PRIVACY_MESSAGES.deleteStaff,
    });
    const student = await signedInStudent(app(), testApp.database);
    const code = await send(app(), 'POST', '/api/me/deletion-code', {}, student.cookie);
    expect(code.statusCode).toBe(400);
    expect(code.json().error).toEqual({
      code: 'privacy/uses-password',
      message: PRIVACY_MESSAGES.deleteUsesPassword,
    });
  });

  it('waits for a PIX charge that can still be paid', async () => {
    const { user, password, cookie } = await signedInStudent(app(), testApp.database);
    const [pending] = await db()
      .insert(purchases)
      .values({
        userId: user.id,
        productType: 'plan',
        productId: 'mensal',
        productName: 'Premium mensal',
        priceCentavos: 2990,
        planDays: 30,
        status: 'pending',
        provider: 'sandbox',
        expiresAt: new Date(Date.now() + 10 * 60 * 1000),
      })
      .returning();
    const refused = await deleteMe(cookie, { password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'privacy/pending-payment',
      message: PRIVACY_MESSAGES.deletePendingPayment,
    });
    // Once its window to pay is over, it no longer holds the deletion.
    await db()
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(purchases.id, pending!.id));
    expect((await deleteMe(cookie, { password })).statusCode).toBe(204);
    const [kept] = await db().select().from(purchases).where(eq(purchases.id, pending!.id));
    expect(kept).toMatchObject({ userId: null, accountPseudonym: expect.any(String) });
  });
});

describe('deleting an account with two server instances', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({
      database: {
        ...(await first.database.openAnother()),
        destroy: async () => undefined,
      } as never,
    });
  });
  afterAll(async () => {
    await second.close();
    await second.database.close();
    await first.close();
  });

  it('ends the sessions on the other instance at once', async () => {
    const { email, password } = await createPasswordUser(first.database.db);
    const onFirst = await signIn(first.app, email, password);
    const onSecond = await signIn(second.app, email, password);
    // The second instance has the session in hand (cached where it caches).
    expect((await get(second.app, '/api/me', onSecond)).statusCode).toBe(200);

    const deleted = await send(first.app, 'DELETE', '/api/me', { password }, onFirst);
    expect(deleted.statusCode).toBe(204);
    expect((await get(second.app, '/api/me', onSecond)).statusCode).toBe(401);
    expect((await get(first.app, '/api/me', onFirst)).statusCode).toBe(401);
  });
});

/**
 * An account that changed its address left the old one in mail, the audit trail, counters and
 * operator runs: the deletion must find every address it ever had. No SMTP here, so every message
 * stays in the development outbox, which is searched with the rest of the database.
 */
describe('deleting an account that changed its e-mail', () => {
  let testApp: TestApp;
  let admin: Awaited<ReturnType<typeof signedInStudent>>;
  let questionIds: string[];
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
    admin = await signedInStudent(testApp.app, testApp.database, { role: 'admin' });
    questionIds = await questionIdsOf(testApp.database.db, 'alfa_2017_prova');
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const operator = () => createOperatorService(testApp.database);

  const outbox = async () =>
    parsed(await get(app(), '/api/dev/outbox'), outboxResponseSchema).messages;
  const expectStatus = async (response: Promise<LightMyRequestResponse>, status: number) =>
    expect((await response).statusCode, (await response).body).toBe(status);

  /** 'Alterar e-mail' on /conta, then the link mailed to the new address. */
  async function changeEmail(cookie: string, password: string, newEmail: string) {
    await expectStatus(
      send(app(), 'POST', '/api/me/email-change', { newEmail, password }, cookie),
      202,
    );
    const link = (await outbox()).find((mail) => mail.to === newEmail)!;
    const oobCode = actionCodeIn(link, 'changeEmail');
    await expectStatus(
      send(app(), 'POST', '/api/auth/action/confirm-email-change', { oobCode }),
      200,
    );
  }

  /** A plan bought with PIX and paid at the sandbox; refunded by an admin when asked. */
  async function purchase(cookie: string, refund: boolean) {
    const bought = await buy(app(), cookie);
    expect(bought.statusCode, bought.body).toBe(201);
    const purchaseId = parsed(bought, createPaymentResponseSchema).purchaseId;
    await expectStatus(
      app().inject({
        method: 'POST',
        url: `/dev/pix/${purchaseId}/pay`,
        headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      }),
      303,
    );
    if (refund) {
      const url = `/api/admin/payments/${purchaseId}/refund`;
      await expectStatus(
        send(app(), 'POST', url, { motivo: 'Pedido do cliente' }, admin.cookie),
        200,
      );
    }
    return purchaseId;
  }

  /**
   * What the account, the team and the operator write while the account has `email`: a help
   * message and the team's reply, an error report and its reply, a token grant, a Premium grant
   * from the command line, a failed sign-in and a password reset link (counters by address).
   */
  async function leaveTraces(account: { id: string; cookie: string }, email: string, n: number) {
    const mensagem = `Não consigo pagar. Meu e-mail: ${email}`;
    await expectStatus(
      send(app(), 'POST', '/api/help-requests', { mensagem }, account.cookie),
      201,
    );
    const [help] = await db()
      .select({ id: helpRequests.id })
      .from(helpRequests)
      .where(eq(helpRequests.userId, account.id))
      .orderBy(desc(helpRequests.createdAt))
      .limit(1);
    const replies = `/api/admin/help-requests/${help!.id}/replies`;
    await expectStatus(send(app(), 'POST', replies, { body: 'Tente de novo.' }, admin.cookie), 200);

    const report = { questionId: questionIds[n]!, type: 'Gabarito divergente', text: email };
    await expectStatus(send(app(), 'POST', '/api/error-reports', report, account.cookie), 201);
    const [reported] = await db()
      .select({ id: errorReports.id })
      .from(errorReports)
      .where(eq(errorReports.userId, account.id))
      .orderBy(desc(errorReports.createdAt))
      .limit(1);
    const reply = `/api/admin/reports/${reported!.id}/reply`;
    await expectStatus(send(app(), 'POST', reply, { mensagem: 'Corrigido.' }, admin.cookie), 200);

    const tokens = `/api/admin/accounts/${account.id}/tokens`;
    await expectStatus(
      send(app(), 'POST', tokens, { pacotes: 1, motivo: 'Cortesia' }, admin.cookie),
      200,
    );
    await operator().run('user:grant-premium', [email, '1'], 'direct');
    await expectStatus(
      send(app(), 'POST', '/api/auth/login', { email, password: 'senha-errada' }),
      401,
    );
    await expectStatus(send(app(), 'POST', '/api/auth/password-reset', { email }), 200);
  }

  /** Audit entries naming any of these, by id. */
  async function auditNaming(needles: string[]) {
    const rows = await db().select().from(auditLog).orderBy(auditLog.id);
    return rows.filter((row) =>
      needles.some((needle) =>
        JSON.stringify([row.actorLabel, row.target, row.summary, row.details])
          .toLowerCase()
          .includes(needle.toLowerCase()),
      ),
    );
  }

  it('forgets every address the account ever had, wherever it was written', async () => {
    const name = 'Quirino Trocamail Vásquez';
    const { user, email: first, password } = await createPasswordUser(db(), { name });
    const account = { id: user.id, cookie: await sessionCookieFor(db(), user.id) };
    const second = uniqueEmail('segundo');
    const neverConfirmed = uniqueEmail('nunca-confirmado');

    await leaveTraces(account, first, 0);
    const refunded = await purchase(account.cookie, true);
    await changeEmail(account.cookie, password, second);
    await leaveTraces(account, second, 1);
    const paid = await purchase(account.cookie, false);
    // A change asked for and never confirmed: its link went to an address the account never had.
    await expectStatus(
      send(
        app(),
        'POST',
        '/api/me/email-change',
        { newEmail: neverConfirmed, password },
        account.cookie,
      ),
      202,
    );

    const addresses = [first, second, neverConfirmed];
    // The old address is where the complaint found it, and more.
    const before = Object.keys(await tracesInEveryColumn(db(), [first]));
    expect(before).toEqual(
      expect.arrayContaining([
        `audit_log.summary ∋ ${first}`,
        `audit_log.target ∋ ${first}`,
        `outbox_messages.to ∋ ${first}`,
        `operator_runs.args ∋ ${first}`,
        `rate_limits.key ∋ ${first}`,
      ]),
    );
    const auditBefore = await db().select().from(auditLog).orderBy(auditLog.id);
    const aboutAccount = await auditNaming([...addresses, user.id, name]);
    // Per address: help reply, report reply, token grant, operator command; and the refund.
    expect(aboutAccount).toHaveLength(9);

    await expectStatus(send(app(), 'DELETE', '/api/me', { password }, account.cookie), 204);

    // Nothing in any column of any table, nor in the outbox, names any of its addresses.
    expect(await tracesInEveryColumn(db(), [...addresses, user.id, name])).toEqual({});
    const mail = await outbox();
    expect(JSON.stringify(mail).toLowerCase()).not.toMatch(
      new RegExp(addresses.map((address) => address.replaceAll('.', '\\.')).join('|')),
    );

    // The trail still says what happened, to whom: the account's pseudonym.
    const [kept] = await db().select().from(purchases).where(eq(purchases.id, refunded));
    const pseudonym = kept!.accountPseudonym!;
    expect(
      (await db().select().from(purchases).where(eq(purchases.id, paid)))[0]!.accountPseudonym,
    ).toBe(pseudonym);
    const auditAfter = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(auditAfter.map((row) => row.id)).toEqual(auditBefore.map((row) => row.id));
    const pseudonymised = await auditNaming([pseudonym]);
    expect(pseudonymised.map((row) => row.id)).toEqual(aboutAccount.map((row) => row.id));
    expect(pseudonymised.map((row) => row.action).sort()).toEqual(
      aboutAccount.map((row) => row.action).sort(),
    );
    expect(pseudonymised.filter((row) => row.action === 'help.reply')).toEqual([
      expect.objectContaining({
        target: pseudonym,
        summary: `Resposta à mensagem de ${pseudonym} enviada para ${pseudonym}`,
      }),
      expect.objectContaining({ target: pseudonym }),
    ]);
    expect(pseudonymised.find((row) => row.action === 'payment.refund')!.summary).toMatch(
      new RegExp(`^Reembolso de \\S+ de ${pseudonym}\\. Motivo: Pedido do cliente$`),
    );
    // No other entry changed.
    const others = (rows: typeof auditBefore) =>
      rows.filter((row) => !aboutAccount.some((about) => about.id === row.id));
    expect(others(auditAfter)).toEqual(others(auditBefore));
    // The confirmation reached the address; the outbox keeps it under the pseudonym.
    expect(
      mail.find((message) => message.subject === 'Sua conta foi excluída do Gabarita'),
    ).toMatchObject({
      to: pseudonym,
    });
  });

  it('leaves alone the account that later took up an address it gave up', async () => {
    const {
      user,
      email: released,
      password,
    } = await createPasswordUser(db(), {
      name: 'Rosalvo Mudancista',
    });
    const cookie = await sessionCookieFor(db(), user.id);
    await operator().run('user:grant-premium', [released, '1'], 'direct');
    await changeEmail(cookie, password, uniqueEmail('mudou'));
    // The address is free again: someone else signs up with it, and the team acts on them.
    const taker = await createPasswordUser(db(), { email: released, name: 'Tereza Herdeira' });
    await operator().run('user:grant-premium', [released, '2'], 'direct');
    const tokens = `/api/admin/accounts/${taker.user.id}/tokens`;
    await expectStatus(
      send(app(), 'POST', tokens, { pacotes: 1, motivo: 'Cortesia' }, admin.cookie),
      200,
    );
    const [leaverEntry, ...takerEntries] = await auditNaming([released]);
    expect(takerEntries).toHaveLength(2);

    await expectStatus(send(app(), 'DELETE', '/api/me', { password }, cookie), 204);

    expect(await auditNaming([released])).toEqual(takerEntries);
    const [after] = await db().select().from(auditLog).where(eq(auditLog.id, leaverEntry!.id));
    expect(after!.summary).toMatch(
      /^user:grant-premium conta-excluida-[a-z2-7]{10} 1 \(concluído\)$/,
    );
  });
});
