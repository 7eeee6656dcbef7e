import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database, DatabaseHandle } from '@/db/client';
import { createOperatorService } from '@/modules/operator/operator.service';
import { randomToken, hashToken } from '@/lib/tokens';
import { insertSession, insertUser, updateUser } from '@/modules/auth/auth.repo';
import { hashPassword } from '@/modules/auth/password';
import { SESSION_TTL_MS } from '@/lib/session-cookie';

export const APP_ORIGIN = 'http://localhost:3000';

let sequence = 0;
export function uniqueEmail(prefix = 'aluno') {
  sequence += 1;
  return `${prefix}.${Date.now()}.${sequence}@exemplo.com.br`;
}

const DEFAULT_PASSWORD = 'senha-forte-123';
/** argon2 is slow on purpose: the default password is hashed once per test file, not per account. */
let defaultPasswordHash: Promise<string> | undefined;

/** A verified e-mail/password account, straight in the database. */
export async function createPasswordUser(
  db: Database,
  overrides: { email?: string; password?: string; name?: string; verified?: boolean } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await insertUser(db, {
    provider: 'password',
    email,
    name: overrides.name ?? 'Maria Candidata',
    passwordHash: await (password === DEFAULT_PASSWORD
      ? (defaultPasswordHash ??= hashPassword(DEFAULT_PASSWORD))
      : hashPassword(password)),
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
  });
  return { user, email, password };
}

/** A same-origin JSON request, as the web app sends it. */
export function send(
  app: FastifyInstance,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body: unknown = {},
  cookie?: string,
) {
  return app.inject({
    method,
    url,
    headers: { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: body as Record<string, unknown>,
  });
}

export function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** The "name=value" of the session cookie a response sets. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'gabarita_session');
  if (!cookie?.value) throw new Error('no session cookie set');
  return `gabarita_session=${cookie.value}`;
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await send(app, 'POST', '/api/auth/login', { email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return sessionCookieOf(response);
}

/** A session for any user (e.g. a Google account), as signing in leaves it: its cookie header value. */
export async function sessionCookieFor(db: Database, userId: string) {
  const token = randomToken();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  // As a sign-in: the account's last access is now.
  await updateUser(db, userId, { lastSeenAt: new Date() });
  return `gabarita_session=${token}`;
}

/** A verified account with a session, as signing in leaves it; Premium for 30 days when asked. */
export async function signedInStudent(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: { premium?: boolean; name?: string; role?: 'editor' | 'support' | 'admin' } = {},
) {
  const account = await createPasswordUser(database.db, { name: options.name });
  if (options.role) {
    await createOperatorService(database).run(
      'admin:create',
      [account.email, '--role', options.role],
      'direct',
    );
  }
  if (options.premium) {
    await createOperatorService(database).run(
      'user:grant-premium',
      [account.email, '30'],
      'direct',
    );
  }
  // Tests about signing in sign in; the others need only its session.
  return { ...account, cookie: await sessionCookieFor(database.db, account.user.id) };
}
