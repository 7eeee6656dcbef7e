import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS_CONSOLE_MESSAGES,
  AUTH_MESSAGES,
  TOKEN_PACKAGE,
  VALIDATION_MESSAGES,
  accountDetailSchema,
  accountPageSchema,
} from '@gabarita/shared';
import { auditLog, entitlements, outboxMessages, sessions, tokenWallets, users } from '@/db/schema';
import {
  createPasswordUser,
  get,
  send,
  sessionCookieFor,
  signedInStudent,
} from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { refuseAuditEntries } from '../helpers/refused-writes';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The operations console's accounts (docs/product-rules.md, "Operations console"). */
describe('accounts console', () => {
  let first: TestApp;
  let second: TestApp;
  let support: string;
  let admin: string;
  let adminId: string;

  beforeAll(async () => {
    first = await createTestApp({ config: { supportTokenGrantPackages: 2 } });
    // A second instance on the same database, as a deployment with two servers has.
    second = await createTestApp({ database: first.database });
    support = (await signedInStudent(first.app, first.database, { role: 'support' })).cookie;
    const adminAccount = await signedInStudent(first.app, first.database, { role: 'admin' });
    admin = adminAccount.cookie;
    adminId = adminAccount.user.id;
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const db = () => first.database.db;
  const customer = (name = 'Cliente da Silva') =>
    signedInStudent(first.app, first.database, { name });
  const auditOf = (userId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `account:${userId}`));
  const packageInput = async (userId: string) =>
    (await db().select().from(tokenWallets).where(eq(tokenWallets.userId, userId)))[0]
      ?.packageInput ?? 0;

  it('finds accounts by e-mail or name, a page at a time, and shows one', async () => {
    const target = await customer('Joaquina Procurável');
    const byName = await get(first.app, '/api/admin/accounts?q=joaquina%20proc', support);
    expect(byName.statusCode).toBe(200);
    const page = parsed(byName, accountPageSchema);
    expect(page.items.map((item) => item.id)).toEqual([target.user.id]);
    expect(page.items[0]).toMatchObject({ email: target.email, verified: true, blocked: false });

    const byEmail = await get(
      first.app,
      `/api/admin/accounts?q=${encodeURIComponent(target.email.toUpperCase())}`,
      support,
    );
    expect(parsed(byEmail, accountPageSchema).items.map((item) => item.id)).toEqual([
      target.user.id,
    ]);

    const detail = await get(first.app, `/api/admin/accounts/${target.user.id}`, support);
    expect(detail.statusCode).toBe(200);
    const body = parsed(detail, accountDetailSchema);
    expect(body.account).toMatchObject({
      name: 'Joaquina Procurável',
      email: target.email,
      provider: 'password',
      role: 'user',
      accountType: 'free',
    });
    expect(body.counts).toEqual({ answers: 0, errorReports: 0, helpRequests: 0, liveSessions: 1 });
    expect(body.purchases).toEqual([]);
    expect(body.tokens.package).toBeNull();
    expect(body.supportPackageLimit).toBe(2);

    const missing = await get(
      first.app,
      '/api/admin/accounts/00000000-0000-4000-8000-000000000000',
      support,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('pages through many accounts without repeating one', async () => {
    for (let i = 0; i < 32; i += 1) {
      await createPasswordUser(db(), { name: `Paginada ${i}` });
    }
    const one = parsed(
      await get(first.app, '/api/admin/accounts?q=paginada', support),
      accountPageSchema,
    );
    expect(one.items).toHaveLength(30);
    expect(one.next).not.toBeNull();
    const two = parsed(
      await get(first.app, `/api/admin/accounts?q=paginada&antes=${one.next}`, support),
      accountPageSchema,
    );
    expect(two.items).toHaveLength(2);
    expect(two.next).toBeNull();
    const ids = new Set([...one.items, ...two.items].map((item) => item.id));
    expect(ids.size).toBe(32);
  });

  it('refuses Premium grants to support and grants them for an admin, audited', async () => {
    const target = await customer();
    const url = `/api/admin/accounts/${target.user.id}/premium`;
    const refused = await send(first.app, 'POST', url, { dias: 30, motivo: 'Cortesia' }, support);
    expect(refused.statusCode).toBe(403);
    expect(
      await db().select().from(entitlements).where(eq(entitlements.userId, target.user.id)),
    ).toEqual([]);

    const granted = await send(first.app, 'POST', url, { dias: 30, motivo: 'Cortesia' }, admin);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ message: ACCOUNTS_CONSOLE_MESSAGES.premiumGranted(30) });
    const detail = parsed(
      await get(first.app, `/api/admin/accounts/${target.user.id}`, support),
      accountDetailSchema,
    );
    expect(detail.account.accountType).toBe('premium');
    expect(detail.plan.daysRemaining).toBe(30);
    const entries = await auditOf(target.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'account.grant-premium', actorId: adminId });
    expect(entries[0]!.summary).toContain('Motivo: Cortesia');
  });

  it('lets support grant tokens up to the limit, and admins more', async () => {
    const target = await customer();
    const url = `/api/admin/accounts/${target.user.id}/tokens`;
    const over = await send(first.app, 'POST', url, { pacotes: 3, motivo: 'Falha na IA' }, support);
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toEqual({
      code: 'account/over-support-limit',
      message: ACCOUNTS_CONSOLE_MESSAGES.packagesOverSupportLimit(2),
    });
    expect(await packageInput(target.user.id)).toBe(0);

    const within = await send(
      first.app,
      'POST',
      url,
      { pacotes: 2, motivo: 'Falha na IA' },
      support,
    );
    expect(within.statusCode).toBe(200);
    expect(await packageInput(target.user.id)).toBe(2 * TOKEN_PACKAGE.inputTokens);

    const byAdmin = await send(first.app, 'POST', url, { pacotes: 5, motivo: 'Acordo' }, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(await packageInput(target.user.id)).toBe(7 * TOKEN_PACKAGE.inputTokens);
    const detail = parsed(
      await get(first.app, `/api/admin/accounts/${target.user.id}`, support),
      accountDetailSchema,
    );
    expect(detail.tokens.package).toEqual({
      input: 7 * TOKEN_PACKAGE.inputTokens,
      output: 7 * TOKEN_PACKAGE.outputTokens,
    });
    expect((await auditOf(target.user.id)).map((entry) => entry.action)).toEqual([
      'account.grant-tokens',
      'account.grant-tokens',
    ]);
  });

  it('refuses grants to one’s own account, for support and admins alike', async () => {
    const own = await signedInStudent(first.app, first.database, { role: 'support' });
    const refused = {
      code: 'account/own-account',
      message: ACCOUNTS_CONSOLE_MESSAGES.ownAccountGrant,
    };
    for (const [userId, path, body, cookie] of [
      [own.user.id, 'tokens', { pacotes: 1 }, own.cookie],
      [own.user.id, 'tokens', { pacotes: 1 }, own.cookie],
      [adminId, 'tokens', { pacotes: 5 }, admin],
      [adminId, 'premium', { dias: 30 }, admin],
    ] as const) {
      const response = await send(
        first.app,
        'POST',
        `/api/admin/accounts/${userId}/${path}`,
        { ...body, motivo: 'Para testar' },
        cookie,
      );
      expect(response.statusCode, path).toBe(409);
      expect(response.json().error).toEqual(refused);
    }
    expect(await packageInput(own.user.id)).toBe(0);
    expect(await packageInput(adminId)).toBe(0);
    expect(await db().select().from(entitlements).where(eq(entitlements.userId, adminId))).toEqual(
      [],
    );
    expect([...(await auditOf(own.user.id)), ...(await auditOf(adminId))]).toEqual([]);
  });

  it('blocks an account: its sessions end on every instance and sign-in says why', async () => {
    const target = await customer();
    const me = (app: TestApp) => get(app.app, '/api/me', target.cookie);
    // Both instances know the session (and may keep it) before the block.
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    const url = `/api/admin/accounts/${target.user.id}/block`;
    expect((await send(first.app, 'POST', url, { motivo: 'Fraude' }, support)).statusCode).toBe(
      403,
    );
    const blocked = await send(first.app, 'POST', url, { motivo: 'Uso indevido da conta.' }, admin);
    expect(blocked.statusCode).toBe(200);

    expect((await me(first)).statusCode).toBe(401);
    await expect.poll(async () => (await me(second)).statusCode).toBe(401);

    const login = await send(second.app, 'POST', '/api/auth/login', {
      email: target.email,
      password: target.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toEqual({
      code: 'auth/account-blocked',
      message: AUTH_MESSAGES.accountBlocked('Uso indevido da conta.'),
    });
    expect(login.json().error.message).toBe(
      'Esta conta está bloqueada: Uso indevido da conta. Fale com o suporte pela Central de Ajuda.',
    );
    const [row] = await db().select().from(users).where(eq(users.id, target.user.id));
    expect(row!.blockedReason).toBe('Uso indevido da conta.');

    const again = await send(first.app, 'POST', url, { motivo: 'De novo' }, admin);
    expect(again.statusCode).toBe(409);

    const unblocked = await send(
      first.app,
      'POST',
      `/api/admin/accounts/${target.user.id}/unblock`,
      { motivo: 'Esclarecido com o cliente' },
      admin,
    );
    expect(unblocked.statusCode).toBe(200);
    const relogin = await send(first.app, 'POST', '/api/auth/login', {
      email: target.email,
      password: target.password,
    });
    expect(relogin.statusCode).toBe(200);
    expect((await auditOf(target.user.id)).map((entry) => entry.action).sort()).toEqual([
      'account.block',
      'account.unblock',
    ]);
  });

  it('ends every session of an account at support’s request', async () => {
    const target = await customer();
    const ended = await send(
      first.app,
      'POST',
      `/api/admin/accounts/${target.user.id}/end-sessions`,
      { motivo: 'Celular roubado' },
      support,
    );
    expect(ended.statusCode).toBe(200);
    expect((await get(first.app, '/api/me', target.cookie)).statusCode).toBe(401);
    await expect
      .poll(async () => (await get(second.app, '/api/me', target.cookie)).statusCode)
      .toBe(401);
    expect((await auditOf(target.user.id)).map((entry) => entry.action)).toEqual([
      'account.end-sessions',
    ]);
  });

  it('resends the verification e-mail of an unverified account', async () => {
    const target = await createPasswordUser(db(), { verified: false });
    const url = `/api/admin/accounts/${target.user.id}/resend-verification`;
    const sent = await send(first.app, 'POST', url, { motivo: 'Não recebeu' }, support);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: ACCOUNTS_CONSOLE_MESSAGES.verificationSent });
    const verified = await customer();
    const refused = await send(
      first.app,
      'POST',
      `/api/admin/accounts/${verified.user.id}/resend-verification`,
      { motivo: 'Não recebeu' },
      support,
    );
    expect(refused.statusCode).toBe(409);
    expect((await auditOf(target.user.id)).map((entry) => entry.action)).toEqual([
      'account.resend-verification',
    ]);
  });

  it('e-mails the verification link only once the resend is saved with its audit entry', async () => {
    const target = await createPasswordUser(db(), { verified: false });
    const allowAudit = await refuseAuditEntries(db(), 'account.resend-verification');
    try {
      const url = `/api/admin/accounts/${target.user.id}/resend-verification`;
      const failed = await send(first.app, 'POST', url, { motivo: 'Não recebeu' }, support);
      expect(failed.statusCode).toBe(500);
    } finally {
      await allowAudit();
    }
    expect(
      await db().select().from(outboxMessages).where(eq(outboxMessages.to, target.email)),
    ).toEqual([]);
    expect(await auditOf(target.user.id)).toEqual([]);
  });

  it('refuses every action without a reason and changes nothing', async () => {
    const target = await customer();
    const base = `/api/admin/accounts/${target.user.id}`;
    const actions: [string, Record<string, unknown>][] = [
      ['premium', { dias: 10 }],
      ['tokens', { pacotes: 1 }],
      ['block', {}],
      ['unblock', {}],
      ['resend-verification', {}],
      ['end-sessions', {}],
    ];
    for (const [path, body] of actions) {
      for (const motivo of [undefined, '', '   ']) {
        const response = await send(
          first.app,
          'POST',
          `${base}/${path}`,
          motivo === undefined ? body : { ...body, motivo },
          admin,
        );
        expect(response.statusCode, `${path} ${JSON.stringify(motivo)}`).toBe(400);
        expect(response.json().error.message).toBe(ACCOUNTS_CONSOLE_MESSAGES.reasonRequired);
      }
    }
    expect((await get(first.app, '/api/me', target.cookie)).statusCode).toBe(200);
    expect(await packageInput(target.user.id)).toBe(0);
    const [row] = await db().select().from(users).where(eq(users.id, target.user.id));
    expect(row!.blockedAt).toBeNull();
    expect(await auditOf(target.user.id)).toEqual([]);
  });

  it('refuses a reason holding half of a surrogate pair, changes nothing and sends nothing', async () => {
    const target = await createPasswordUser(db(), { verified: false });
    const cookie = await sessionCookieFor(db(), target.user.id);
    const base = `/api/admin/accounts/${target.user.id}`;
    const actions: [string, Record<string, unknown>][] = [
      ['premium', { dias: 10 }],
      ['tokens', { pacotes: 1 }],
      ['block', {}],
      ['unblock', {}],
      ['resend-verification', {}],
      ['end-sessions', {}],
    ];
    for (const [path, body] of actions) {
      const response = await send(
        first.app,
        'POST',
        `${base}/${path}`,
        { ...body, motivo: 'Pedido do cliente \ud83d' },
        admin,
      );
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'request/invalid',
        message: VALIDATION_MESSAGES.invalidCharacters,
      });
    }
    expect((await get(first.app, '/api/me', cookie)).statusCode).toBe(200);
    expect(await packageInput(target.user.id)).toBe(0);
    const [row] = await db().select().from(users).where(eq(users.id, target.user.id));
    expect(row!.blockedAt).toBeNull();
    expect(await auditOf(target.user.id)).toEqual([]);
    expect(
      await db().select().from(outboxMessages).where(eq(outboxMessages.to, target.email)),
    ).toEqual([]);
  });

  it("shows the account's last use, recorded at most once an hour per session", async () => {
    const target = await customer('Usuária Assídua');
    const lastSeenAt = async () =>
      parsed(
        await get(first.app, `/api/admin/accounts/${target.user.id}`, support),
        accountDetailSchema,
      ).account.lastSeenAt;
    // Signed in three hours ago, last used two hours ago.
    await db()
      .update(users)
      .set({ lastSeenAt: sql`now() - interval '3 hours'` })
      .where(eq(users.id, target.user.id));
    await db()
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.userId, target.user.id));

    // Any request with the session is a use: the console shows it.
    expect((await get(first.app, '/api/me', target.cookie)).statusCode).toBe(200);
    const used = Date.parse((await lastSeenAt())!);
    expect(Date.now() - used).toBeLessThan(60_000);
    const sessionLastUse = async () =>
      (await db().select().from(sessions).where(eq(sessions.userId, target.user.id)))[0]!
        .lastUsedAt;
    const touched = await sessionLastUse();
    expect(Math.abs(touched.getTime() - used)).toBeLessThan(1_000);

    // Within the hour, further use writes nothing, on either instance.
    await get(first.app, '/api/me', target.cookie);
    await get(second.app, '/api/me', target.cookie);
    expect(Date.parse((await lastSeenAt())!)).toBe(used);
    expect(await sessionLastUse()).toEqual(touched);
  });

  it('keeps the console from everyone but support and admins', async () => {
    const student = await customer();
    const editor = await signedInStudent(first.app, first.database, { role: 'editor' });
    for (const cookie of [student.cookie, editor.cookie]) {
      expect((await get(first.app, '/api/admin/accounts', cookie)).statusCode).toBe(403);
    }
    expect((await get(first.app, '/api/admin/accounts')).statusCode).toBe(401);
  });
});
