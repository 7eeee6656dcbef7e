import { expect } from 'vitest';
import { outboxResponseSchema } from '@gabarita/shared';
import { parsedFetch } from './contract';

/** The origin the process tests give their servers (APP_URL): the CSRF check compares with it. */
export const PROCESS_APP_URL = 'http://localhost:3000';

/** A request to a server process a test started, sent as the app's pages send theirs. */
export function call(base: string, method: string, url: string, body?: unknown, cookie?: string) {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      origin: PROCESS_APP_URL,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Sign-up, the e-mailed link from the development outbox, sign-in: the e-mail and the session. */
export async function signedInStudent(base: string, label: string) {
  const email = `${label}.${Date.now()}@exemplo.com.br`;
  const password = 'senha-forte-1';
  expect(
    (await call(base, 'POST', '/api/auth/signup', { name: 'Ana', email, password })).status,
  ).toBe(201);
  const outbox = await parsedFetch(
    await call(base, 'GET', '/api/dev/outbox'),
    outboxResponseSchema,
  );
  const oobCode = /oobCode=([\w-]+)/.exec(outbox.messages.find((m) => m.to === email)!.text)![1];
  expect((await call(base, 'POST', '/api/auth/action/verify-email', { oobCode })).status).toBe(200);
  const login = await call(base, 'POST', '/api/auth/login', { email, password });
  expect(login.status).toBe(200);
  return {
    email,
    cookie: /gabarita_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0],
  };
}
