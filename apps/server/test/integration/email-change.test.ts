import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '@gabarita/shared';
import { actionCodes, users } from '@/db/schema';
import { insertUser } from '@/modules/auth/auth.repo';
import {
  createPasswordUser,
  get,
  send,
  sessionCookieFor,
  signIn,
  uniqueEmail,
} from '../helpers/accounts';
import { actionCodeIn, type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** 'Alterar e-mail' on /conta (docs/product-rules.md, "Personal data and the LGPD"). */
describe('changing the e-mail of an account', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      config: { smtp: { url: smtp.url, from: 'Gabarita <nao-responda@gabarita.test>' } },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  async function account(name = 'Joana Prudente') {
    const created = await createPasswordUser(db(), { name });
    return { ...created, cookie: await sessionCookieFor(db(), created.user.id) };
  }

  const requestChange = (cookie: string, newEmail: string, password: string) =>
    send(app(), 'POST', '/api/me/email-change', { newEmail, password }, cookie);
  const confirm = (oobCode: string) =>
    send(app(), 'POST', '/api/auth/action/confirm-email-change', { oobCode });
  const emailOf = async (id: string) =>
    (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

  it('mails a link to the new address and a notice to the old; the link makes the change', async () => {
    const { user, email, password, cookie } = await account();
    const newEmail = uniqueEmail('novo');

    const requested = await requestChange(cookie, `  ${newEmail.toUpperCase()} `, password);
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ email: newEmail });
    expect(await emailOf(user.id)).toBe(email);

    const link = await smtp.lastTo(newEmail);
    expect(link.subject).toBe('Confirme seu novo e-mail no Gabarita');
    // Nothing the account holder typed goes to an address nobody has proven yet.
    expect(link.text).not.toContain('Joana');
    expect(link.html).not.toContain('Joana');
    expect(link.text).toContain('http://localhost:3000/auth/action?mode=changeEmail&oobCode=');
    const notice = await smtp.lastTo(email);
    expect(notice.subject).toBe('Pedido de alteração do e-mail da sua conta no Gabarita');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('http://localhost:3000/recovery');
    expect(notice.text).not.toContain('/auth/action');

    const confirmed = await confirm(actionCodeIn(link, 'changeEmail'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail, alreadyConfirmed: false });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(newEmail);
    expect(row!.emailVerifiedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const changed = await smtp.lastTo(email);
    expect(changed.subject).toBe('Seu e-mail foi alterado no Gabarita');
    expect(changed.text).toContain(`Seu e-mail foi alterado para ${newEmail}`);

    // The session in use now shows the new address; sign-in works with it only.
    expect((await get(app(), '/api/auth/session', cookie)).json().user.email).toBe(newEmail);
    await expect(signIn(app(), newEmail, password)).resolves.toContain('gabarita_session=');
    const old = await send(app(), 'POST', '/api/auth/login', { email, password });
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('auth/invalid-credential');

    // The link works once: opened again it says the change is made, and changes or mails nothing.
    const mailsToOld = smtp.messages.filter((mail) => mail.to.includes(email)).length;
    const again = await confirm(actionCodeIn(link, 'changeEmail'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email: newEmail, alreadyConfirmed: true });
    expect(smtp.messages.filter((mail) => mail.to.includes(email)).length).toBe(mailsToOld);
    const [unchanged] = await db().select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.emailVerifiedAt).toEqual(row!.emailVerifiedAt);
  });

  it('a used link no longer speaks for an address the account has left', async () => {
    const { user, password, cookie } = await account();
    const first = uniqueEmail('primeiro');
    await requestChange(cookie, first, password);
    const firstCode = actionCodeIn(await smtp.lastTo(first), 'changeEmail');
    expect((await confirm(firstCode)).statusCode).toBe(200);
    const second = uniqueEmail('segundo');
    await requestChange(cookie, second, password);
    expect((await confirm(actionCodeIn(await smtp.lastTo(second), 'changeEmail'))).json()).toEqual({
      email: second,
      alreadyConfirmed: false,
    });

    const stale = await confirm(firstCode);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toEqual({
      code: 'auth/invalid-action-code',
      message: PRIVACY_MESSAGES.emailChangeInvalid,
    });
    expect(await emailOf(user.id)).toBe(second);
  });

  it('refuses an expired link, and an earlier link once a newer one was asked for', async () => {
    const { user, email, password, cookie } = await account();
    const first = uniqueEmail('primeiro');
    const second = uniqueEmail('segundo');
    await requestChange(cookie, first, password);
    const firstCode = actionCodeIn(await smtp.lastTo(first), 'changeEmail');
    await requestChange(cookie, second, password);
    const secondCode = actionCodeIn(await smtp.lastTo(second), 'changeEmail');

    expect((await confirm(firstCode)).statusCode).toBe(400);
    await db()
      .update(actionCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(actionCodes.userId, user.id));
    const expired = await confirm(secondCode);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('auth/invalid-action-code');
    expect(await emailOf(user.id)).toBe(email);
  });

  it("refuses another password account's address, at the request and at the link", async () => {
    const { password, cookie } = await account();
    const other = await createPasswordUser(db());
    const taken = await requestChange(cookie, other.email, password);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('auth/email-already-in-use');

    const { user, email, password: secondPassword, cookie: secondCookie } = await account();
    const wanted = uniqueEmail('disputado');
    await requestChange(secondCookie, wanted, secondPassword);
    const code = actionCodeIn(await smtp.lastTo(wanted), 'changeEmail');
    // Someone signs up with the address before the link is followed.
    await createPasswordUser(db(), { email: wanted });
    const late = await confirm(code);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('auth/email-already-in-use');
    expect(await emailOf(user.id)).toBe(email);
  });

  it('refuses the same address and a wrong password, and holds after 10 wrong passwords', async () => {
    const { email, password, cookie } = await account();
    const same = await requestChange(cookie, email, password);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.code).toBe('privacy/email-unchanged');

    const target = uniqueEmail('alvo');
    for (let i = 0; i < 10; i++) {
      const wrong = await requestChange(cookie, target, 'senha-errada');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toEqual({
        code: 'privacy/wrong-password',
        message: PRIVACY_MESSAGES.wrongPassword,
      });
    }
    const held = await requestChange(cookie, target, password);
    expect(held.statusCode).toBe(429);
  });

  it('allows 3 requests per account per hour', async () => {
    const { password, cookie } = await account();
    for (let i = 0; i < 3; i++) {
      expect((await requestChange(cookie, uniqueEmail('limite'), password)).statusCode).toBe(202);
    }
    expect((await requestChange(cookie, uniqueEmail('limite'), password)).statusCode).toBe(429);
  });

  it('refuses Google accounts, whose address is the Google account’s', async () => {
    const google = await insertUser(db(), {
      provider: 'google',
      googleSubject: `sub-troca-${Date.now()}`,
      email: uniqueEmail('google'),
      name: 'Conta Google',
      emailVerifiedAt: new Date(),
    });
    const cookie = await sessionCookieFor(db(), google.id);
    const refused = await requestChange(cookie, uniqueEmail('novo'), 'qualquer');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'privacy/google-email',
      message: PRIVACY_MESSAGES.emailChangeGoogle,
    });
  });

  it('a password reset voids an open change link', async () => {
    const { user, email, password, cookie } = await account();
    const wanted = uniqueEmail('invasor');
    await requestChange(cookie, wanted, password);
    const code = actionCodeIn(await smtp.lastTo(wanted), 'changeEmail');
    await send(app(), 'POST', '/api/auth/password-reset', { email });
    const reset = actionCodeIn(await smtp.lastTo(email), 'resetPassword');
    const confirmed = await send(app(), 'POST', '/api/auth/action/confirm-reset', {
      oobCode: reset,
      newPassword: 'outra-senha-forte',
    });
    expect(confirmed.statusCode).toBe(204);
    expect((await confirm(code)).statusCode).toBe(400);
    expect(await emailOf(user.id)).toBe(email);
  });
});
