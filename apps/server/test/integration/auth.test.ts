import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@gabarita/shared';
import { actionCodes, sessions, users } from '@/db/schema';
import { buildApp } from '@/app';
import {
  createPasswordUser,
  get,
  send,
  sessionCookieOf,
  signIn,
  uniqueEmail,
} from '../helpers/accounts';
import { actionCodeIn, type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, testConfig, type TestApp } from '../helpers/test-app';

describe('e-mail and password accounts', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    testApp = await createTestApp({
      config: {
        smtp: { url: smtp.url, from: 'Gabarita <nao-responda@gabarita.test>' },
        logLevel: 'info',
      },
      deps: { logStream },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const countUsers = async () => (await db().select().from(users)).length;

  describe('sign-up, verification and sign-in', () => {
    const email = uniqueEmail('nova');
    const password = 'minha-senha-1';

    it('creates the account without signing in and e-mails a verification link', async () => {
      const response = await send(app(), 'POST', '/api/auth/signup', {
        name: '  Joana Concurseira ',
        email: `  ${email.toUpperCase()} `,
        password,
      });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ email });
      expect(response.cookies).toHaveLength(0);
      const mail = await smtp.lastTo(email);
      expect(mail.subject).toBe('Confirme seu e-mail no Gabarita');
      // Nothing the account holder typed goes into mail to an address nobody has proven yet.
      expect(mail.text).not.toContain('Joana');
      expect(mail.html).not.toContain('Joana');
      expect(mail.html).toContain('Confirmar e-mail');
      const [user] = await db().select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({
        name: 'Joana Concurseira',
        provider: 'password',
        emailVerifiedAt: null,
      });
    });

    it('refuses sign-in until the link is used', async () => {
      const response = await send(app(), 'POST', '/api/auth/login', { email, password });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'auth/email-not-verified', message: AUTH_MESSAGES.emailNotVerified },
      });
      expect(response.cookies).toHaveLength(0);
    });

    it('resends the verification e-mail to whoever knows the password', async () => {
      const wrong = await send(app(), 'POST', '/api/auth/resend-verification', {
        email,
        password: 'outra',
      });
      expect(wrong.statusCode).toBe(401);

      const before = smtp.messages.length;
      const response = await send(app(), 'POST', '/api/auth/resend-verification', {
        email,
        password,
      });
      expect(response.statusCode).toBe(200);
      await smtp.lastTo(email);
      expect(smtp.messages.length).toBe(before + 1);
    });

    it('verifies the address once, then signs in with a 30-day HttpOnly cookie', async () => {
      const code = actionCodeIn(await smtp.lastTo(email), 'verifyEmail');
      const verified = await send(app(), 'POST', '/api/auth/action/verify-email', {
        oobCode: code,
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ email, alreadyVerified: false });

      // Reopening the used link says the address is verified (the page offers sign-in).
      const again = await send(app(), 'POST', '/api/auth/action/verify-email', { oobCode: code });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ email, alreadyVerified: true });
      const unknown = await send(app(), 'POST', '/api/auth/action/verify-email', {
        oobCode: `${code}x`,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(AUTH_MESSAGES.verificationFailed);

      const login = await send(app(), 'POST', '/api/auth/login', { email, password });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ email, provider: 'password', accountType: 'free' });
      const cookie = login.cookies.find((c) => c.name === 'gabarita_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.value).toMatch(/^[\w-]{43}$/);
      const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);

      const stored = await db().select().from(sessions);
      expect(stored.some((s) => s.tokenHash === cookie.value)).toBe(false);
    });

    it('signs out: the session stops working', async () => {
      const cookie = await signIn(app(), email, password);
      expect((await get(app(), '/api/auth/session', cookie)).json().user.email).toBe(email);

      const logout = await send(app(), 'POST', '/api/auth/logout', {}, cookie);
      expect(logout.statusCode).toBe(204);
      expect(logout.cookies.find((c) => c.name === 'gabarita_session')?.value).toBe('');

      expect((await get(app(), '/api/auth/session', cookie)).json()).toEqual({ user: null });
    });

    it('signs out of every device at once, and of no one else', async () => {
      const phone = await signIn(app(), email, password);
      const laptop = await signIn(app(), email, password);
      const someoneElse = await createPasswordUser(db());
      const theirs = await signIn(app(), someoneElse.email, someoneElse.password);

      const everywhere = await send(app(), 'POST', '/api/auth/logout-everywhere', {}, laptop);
      expect(everywhere.statusCode).toBe(204);
      expect(everywhere.cookies.find((c) => c.name === 'gabarita_session')?.value).toBe('');
      for (const cookie of [phone, laptop]) {
        expect((await get(app(), '/api/auth/session', cookie)).json()).toEqual({ user: null });
      }
      expect((await get(app(), '/api/auth/session', theirs)).json().user.email).toBe(
        someoneElse.email,
      );
    });
  });

  describe('sign-up errors change nothing', () => {
    it.each([
      [
        { name: 'Ana', email: 'sem-arroba', password: '123456' },
        'email',
        AUTH_MESSAGES.invalidEmail,
      ],
      [
        { name: 'Ana', email: uniqueEmail(), password: '12345' },
        'password',
        AUTH_MESSAGES.weakPassword,
      ],
      [
        { name: '   ', email: uniqueEmail(), password: '123456' },
        'name',
        AUTH_MESSAGES.nameRequired,
      ],
      [
        { name: 'A\u0000na', email: uniqueEmail(), password: '123456' },
        'name',
        'O texto contém caracteres não permitidos.',
      ],
    ])('%j -> 400 on %s', async (body, field, message) => {
      const before = await countUsers();
      const response = await send(app(), 'POST', '/api/auth/signup', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'request/invalid', message, fields: { [field]: message } },
      });
      expect(await countUsers()).toBe(before);
    });

    it('refuses an address already in use', async () => {
      const { email } = await createPasswordUser(db());
      const response = await send(app(), 'POST', '/api/auth/signup', {
        name: 'Outra',
        email: email.toUpperCase(),
        password: '123456',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'auth/email-already-in-use',
        message: AUTH_MESSAGES.emailInUse,
      });
    });

    it('leaves no account behind when the e-mail cannot be sent', async () => {
      const broken = await createTestApp({
        database: testApp.database,
        config: { smtp: { url: 'smtp://127.0.0.1:9', from: 'x <x@x.test>' } },
      });
      const email = uniqueEmail('sem-email');
      const before = await countUsers();

      const response = await send(broken.app, 'POST', '/api/auth/signup', {
        name: 'Ana',
        email,
        password: '123456',
      });

      expect(response.statusCode).toBe(502);
      expect(response.json().error.message).toBe(AUTH_MESSAGES.signupFailed);
      expect(await countUsers()).toBe(before);
      await broken.close();
      const retry = await send(app(), 'POST', '/api/auth/signup', {
        name: 'Ana',
        email,
        password: '123456',
      });
      expect(retry.statusCode).toBe(201);
    });
  });

  describe('sign-in errors', () => {
    it('gives one message for a wrong password and for an unknown account', async () => {
      const { email } = await createPasswordUser(db());
      for (const body of [
        { email, password: 'errada' },
        { email: uniqueEmail('ninguem'), password: 'qualquer' },
      ]) {
        const response = await send(app(), 'POST', '/api/auth/login', body);
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toEqual({
          code: 'auth/invalid-credential',
          message: AUTH_MESSAGES.invalidCredential,
        });
      }
    });

    it('rejects a malformed address', async () => {
      const response = await send(app(), 'POST', '/api/auth/login', {
        email: 'nada',
        password: 'x',
      });
      expect(response.json().error).toEqual({
        code: 'request/invalid',
        message: AUTH_MESSAGES.invalidEmail,
        fields: { email: AUTH_MESSAGES.invalidEmail },
      });
    });

    it('limits attempts per e-mail with a Portuguese 429', async () => {
      const { email } = await createPasswordUser(db());
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        statuses.push(
          (await send(app(), 'POST', '/api/auth/login', { email, password: 'errada' })).statusCode,
        );
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      const limited = await send(app(), 'POST', '/api/auth/login', { email, password: 'errada' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toEqual({
        code: 'request/rate-limited',
        message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
      });
    });
  });

  describe('password reset', () => {
    it('e-mails a single-use link that sets a new password and ends every session', async () => {
      const { email, password } = await createPasswordUser(db());
      const oldSession = await signIn(app(), email, password);

      const request = await send(app(), 'POST', '/api/auth/password-reset', { email });
      expect(request.statusCode).toBe(200);
      expect(request.json()).toEqual({ email });
      const mail = await smtp.lastTo(email);
      expect(mail.subject).toBe('Redefinição de senha do Gabarita');
      const code = actionCodeIn(mail, 'resetPassword');

      const check = await send(app(), 'POST', '/api/auth/action/check-reset', { oobCode: code });
      expect(check.json()).toEqual({ email });

      const short = await send(app(), 'POST', '/api/auth/action/confirm-reset', {
        oobCode: code,
        newPassword: '123',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe(AUTH_MESSAGES.newPasswordTooShort);

      const confirm = await send(app(), 'POST', '/api/auth/action/confirm-reset', {
        oobCode: code,
        newPassword: 'nova-senha-9',
      });
      expect(confirm.statusCode).toBe(204);
      expect((await get(app(), '/api/auth/session', oldSession)).json()).toEqual({ user: null });
      expect((await send(app(), 'POST', '/api/auth/login', { email, password })).statusCode).toBe(
        401,
      );
      await signIn(app(), email, 'nova-senha-9');

      const reuse = await send(app(), 'POST', '/api/auth/action/confirm-reset', {
        oobCode: code,
        newPassword: 'mais-uma-1',
      });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error).toEqual({
        code: 'auth/invalid-action-code',
        message: AUTH_MESSAGES.resetConfirmFailed,
      });
    });

    it('tells an unknown address apart, as the spec words it', async () => {
      const response = await send(app(), 'POST', '/api/auth/password-reset', {
        email: uniqueEmail('x'),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(AUTH_MESSAGES.userNotFound);
    });

    it('distinguishes expired links from invalid ones', async () => {
      const { email } = await createPasswordUser(db());
      await send(app(), 'POST', '/api/auth/password-reset', { email });
      const code = actionCodeIn(await smtp.lastTo(email), 'resetPassword');
      await db()
        .update(actionCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` });

      const expired = await send(app(), 'POST', '/api/auth/action/check-reset', { oobCode: code });
      expect(expired.json().error).toEqual({
        code: 'auth/expired-action-code',
        message: AUTH_MESSAGES.resetCodeExpired,
      });
      const invalid = await send(app(), 'POST', '/api/auth/action/check-reset', {
        oobCode: 'nao-existe',
      });
      expect(invalid.json().error).toEqual({
        code: 'auth/invalid-action-code',
        message: AUTH_MESSAGES.resetCodeInvalid,
      });
    });

    it('verification links expire after three days', async () => {
      const email = uniqueEmail('atrasada');
      await send(app(), 'POST', '/api/auth/signup', { name: 'Ana', email, password: '123456' });
      const code = actionCodeIn(await smtp.lastTo(email), 'verifyEmail');
      const [user] = await db().select().from(users).where(eq(users.email, email));
      const [stored] = await db()
        .select()
        .from(actionCodes)
        .where(eq(actionCodes.userId, user!.id));
      // Set by the server at sign-up (its clock and the database's may differ by a few milliseconds).
      const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
      expect(Math.abs(lifetime - 3 * 86_400_000)).toBeLessThan(5_000);
      await db()
        .update(actionCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(actionCodes.userId, user!.id));

      const response = await send(app(), 'POST', '/api/auth/action/verify-email', {
        oobCode: code,
      });
      expect(response.json().error).toEqual({
        code: 'auth/expired-action-code',
        message: AUTH_MESSAGES.verificationFailed,
      });
    });
  });

  describe('sessions', () => {
    it('slides the expiry of a session in use', async () => {
      const { email, password, user } = await createPasswordUser(db());
      const cookie = await signIn(app(), email, password);
      const soon = new Date(Date.now() + 60_000);
      await db()
        .update(sessions)
        .set({ expiresAt: soon, lastUsedAt: sql`now() - interval '2 hours'` })
        .where(eq(sessions.userId, user.id));

      const response = await get(app(), '/api/auth/session', cookie);

      expect(response.json().user.email).toBe(email);
      const renewed = response.cookies.find((c) => c.name === 'gabarita_session');
      expect((renewed?.expires as Date).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      const [stored] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
      expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    });

    it('ignores an expired session', async () => {
      const { email, password, user } = await createPasswordUser(db());
      const cookie = await signIn(app(), email, password);
      await db()
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.userId, user.id));
      expect((await get(app(), '/api/auth/session', cookie)).json()).toEqual({ user: null });
    });

    it('is accepted by a second server instance on the same database', async () => {
      const { email, password } = await createPasswordUser(db());
      const cookie = await signIn(app(), email, password);
      const otherHandle = await testApp.database.openAnother();
      const other = await buildApp(testConfig(), { database: otherHandle });
      try {
        const response = await get(other, '/api/auth/session', cookie);
        expect(response.json().user.email).toBe(email);
        expect((await send(other, 'POST', '/api/auth/logout', {}, cookie)).statusCode).toBe(204);
        expect((await get(app(), '/api/auth/session', cookie)).json()).toEqual({ user: null });
      } finally {
        await other.close();
        await otherHandle.close();
      }
    });
  });

  describe('cross-site request guard', () => {
    it('refuses state changes from another origin or without a JSON body', async () => {
      const foreign = await app().inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'https://malicioso.example' },
        payload: {},
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error.message).toBe(AUTH_MESSAGES.originRejected);

      const form = await app().inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: {
          origin: 'http://localhost:3000',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'email=a%40b.com&password=x',
      });
      expect(form.statusCode).toBe(415);
    });
  });

  it('never puts passwords, tokens or their hashes in a response or a log line', async () => {
    const email = uniqueEmail('segredo');
    const password = 'senha-super-secreta-42';
    const signup = await send(app(), 'POST', '/api/auth/signup', { name: 'Ana', email, password });
    expect(signup.json()).toEqual({ email });
    const code = actionCodeIn(await smtp.lastTo(email), 'verifyEmail');
    await send(app(), 'POST', '/api/auth/action/verify-email', { oobCode: code });
    const login = await send(app(), 'POST', '/api/auth/login', { email, password });
    const cookie = sessionCookieOf(login);
    const token = cookie.split('=')[1]!;
    const responses = [
      login.body,
      (await get(app(), '/api/auth/session', cookie)).body,
      (await get(app(), '/api/me', cookie)).body,
    ];
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, user!.id));

    const secrets = [password, token, code, user!.passwordHash!, session!.tokenHash, '$argon2'];
    for (const text of [...responses, ...logLines]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
    expect(logLines.length).toBeGreaterThan(5);
  });
});
