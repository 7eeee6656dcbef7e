import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@gabarita/shared';
import { entitlements, previousEmails, users } from '@/db/schema';
import { createOperatorService } from '@/modules/operator/operator.service';
import { createPasswordUser, get, signIn } from '../helpers/accounts';
import { type MockIssuer, startMockIssuer } from '../helpers/mock-issuer';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Runs the whole authorization code flow: our start, the issuer's authorize, our callback. */
async function signInWithGoogle(app: FastifyInstance, mode: 'popup' | 'redirect' = 'redirect') {
  const start = await app.inject({ method: 'GET', url: `/api/auth/google/start?mode=${mode}` });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  const stateCookie = start.cookies.find((c) => c.name === 'gabarita_google')!;

  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location')!);
  const response = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `gabarita_google=${stateCookie.value}` },
  });
  const session = response.cookies.find((c) => c.name === 'gabarita_session');
  return {
    authorizeUrl,
    stateCookie,
    response,
    cookie: session?.value ? `gabarita_session=${session.value}` : undefined,
  };
}

describe('Google sign-in (OpenID Connect against a loopback issuer)', () => {
  let issuer: MockIssuer;
  let testApp: TestApp;
  beforeAll(async () => {
    issuer = await startMockIssuer();
    testApp = await createTestApp({
      config: {
        google: {
          issuer: issuer.url,
          clientId: 'gabarita-web',
          clientSecret: 'segredo-do-cliente',
        },
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await issuer.stop();
  });
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  it('offers Google only when it is configured', async () => {
    expect((await get(app(), '/api/auth/providers')).json()).toEqual({ google: true });
    const without = await createTestApp({ database: testApp.database });
    expect((await get(without.app, '/api/auth/providers')).json()).toEqual({ google: false });
    expect((await get(without.app, '/api/auth/google/start')).statusCode).toBe(404);
    await without.close();
  });

  it('sends the browser to the issuer with PKCE, state and nonce bound to a cookie', async () => {
    const start = await app().inject({ method: 'GET', url: '/api/auth/google/start?mode=popup' });
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(new URL(issuer.url).origin);
    expect(url.searchParams.get('client_id')).toBe('gabarita-web');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/auth/google/callback',
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const cookie = start.cookies.find((c) => c.name === 'gabarita_google')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth/google', sameSite: 'Lax' });
    expect(cookie.value).toBe(`popup.${url.searchParams.get('state')}`);
  });

  it('creates a free account for a new Google user and signs in', async () => {
    issuer.nextProfile({
      sub: 'sub-nova',
      email: 'Nova.Pessoa@gmail.com',
      name: 'Nova Pessoa',
      picture: 'https://lh3.googleusercontent.com/a/foto',
    });
    const { response, cookie } = await signInWithGoogle(app());

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const session = (await get(app(), '/api/auth/session', cookie)).json();
    expect(session.user).toMatchObject({
      email: 'nova.pessoa@gmail.com',
      name: 'Nova Pessoa',
      provider: 'google',
      accountType: 'free',
      photoUrl: 'https://lh3.googleusercontent.com/a/foto',
    });
  });

  it('refuses a blocked account and tells the popup why, without a session', async () => {
    issuer.nextProfile({ sub: 'sub-bloqueada', email: 'bloqueada@gmail.com', name: 'Bloqueada' });
    await signInWithGoogle(app());
    await db()
      .update(users)
      .set({ blockedAt: new Date(), blockedReason: 'Uso indevido' })
      .where(eq(users.googleSubject, 'sub-bloqueada'));

    issuer.nextProfile({ sub: 'sub-bloqueada', email: 'bloqueada@gmail.com', name: 'Bloqueada' });
    const redirect = await signInWithGoogle(app());
    expect(redirect.cookie).toBeUndefined();
    expect(redirect.response.headers.location).toBe('/login?google=bloqueada');

    issuer.nextProfile({ sub: 'sub-bloqueada', email: 'bloqueada@gmail.com', name: 'Bloqueada' });
    const popup = await signInWithGoogle(app(), 'popup');
    expect(popup.cookie).toBeUndefined();
    expect(popup.response.body).toContain(
      JSON.stringify(AUTH_MESSAGES.accountBlocked('Uso indevido')).slice(1, -1),
    );
  });

  it('updates the e-mail of a returning user, keeps name and plan', async () => {
    issuer.nextProfile({ sub: 'sub-volta', email: 'antigo@gmail.com', name: 'Nome Original' });
    await signInWithGoogle(app());
    await createOperatorService(testApp.database).run(
      'user:grant-premium',
      ['antigo@gmail.com', '30'],
      'direct',
    );

    issuer.nextProfile({
      sub: 'sub-volta',
      email: 'novo@gmail.com',
      name: 'Nome Mudado no Google',
    });
    const { cookie } = await signInWithGoogle(app());

    const user = (await get(app(), '/api/auth/session', cookie)).json().user;
    expect(user).toMatchObject({
      email: 'novo@gmail.com',
      name: 'Nome Original',
      accountType: 'premium',
    });
    const rows = await db().select().from(users).where(eq(users.googleSubject, 'sub-volta'));
    expect(rows).toHaveLength(1);
    // The address it replaces is kept, so the account's deletion finds it too.
    expect(
      await db()
        .select({ email: previousEmails.email })
        .from(previousEmails)
        .where(eq(previousEmails.userId, rows[0]!.id)),
    ).toEqual([{ email: 'antigo@gmail.com' }]);
  });

  it('keeps a Google account and a password account with one address apart', async () => {
    const {
      email,
      password,
      user: passwordUser,
    } = await createPasswordUser(db(), { email: 'mesmo@gmail.com' });
    issuer.nextProfile({ sub: 'sub-mesmo', email, name: 'Mesmo Google' });
    const { cookie: googleCookie } = await signInWithGoogle(app());

    const googleUser = (await get(app(), '/api/auth/session', googleCookie)).json().user;
    expect(googleUser.provider).toBe('google');
    expect(googleUser.id).not.toBe(passwordUser.id);
    const passwordCookie = await signIn(app(), email, password);
    expect((await get(app(), '/api/auth/session', passwordCookie)).json().user).toMatchObject({
      id: passwordUser.id,
      provider: 'password',
    });
    const rows = await db().select().from(users).where(eq(users.email, email));
    expect(rows.map((row) => row.provider).sort()).toEqual(['google', 'password']);
    // A new account is free: no plan row until something is granted.
    expect(googleUser.accountType).toBe('free');
    const plans = await db()
      .select()
      .from(entitlements)
      .where(eq(entitlements.userId, googleUser.id));
    expect(plans).toHaveLength(0);
  });

  it('finishes a popup sign-in by messaging the opener, under a nonce CSP', async () => {
    issuer.nextProfile({ sub: 'sub-popup', email: 'popup@gmail.com', name: 'Popup' });
    const { response, cookie } = await signInWithGoogle(app(), 'popup');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain(
      'window.opener.postMessage({"type":"gabarita:google-sign-in","ok":true}, "http://localhost:3000")',
    );
    const nonce = /nonce="([^"]+)"/.exec(response.body)![1];
    expect(response.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'`,
    );
    expect(cookie).toBeDefined();
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const start = await app().inject({
      method: 'GET',
      url: '/api/auth/google/start?mode=redirect',
    });
    const authorize = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);

    const forged = await app().inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: 'gabarita_google=redirect.outro-estado' },
    });

    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/login?google=erro');
    expect(forged.cookies.find((c) => c.name === 'gabarita_session')).toBeUndefined();
  });
});
