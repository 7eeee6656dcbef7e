import type { APIRequestContext } from '@playwright/test';
import { actionLinkIn, lastMailTo } from './mailbox';

export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@exemplo.com.br`;
}

/**
 * A client address of its own for each account made here: the e2e server trusts one proxy hop
 * (TRUST_PROXY=1), so the suite's many sign-ups do not share one address's limits, as real
 * students behind a proxy would not.
 */
function clientAddress() {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return `10.${part()}.${part()}.${part()}`;
}

/**
 * Signs up through the API, follows the e-mailed verification link and signs in, so the browser
 * context that owns `request` holds the session cookie.
 */
export async function signedInAccount(
  request: APIRequestContext,
  {
    name = 'Maria Candidata',
    email = uniqueEmail('conta'),
    password = 'senha-de-teste-1',
    /** The server's address, when the test runs a server of its own. */
    origin = process.env.E2E_BASE_URL!,
  } = {},
) {
  const headers = { origin, 'x-forwarded-for': clientAddress() };
  const signup = await request.post(`${origin}/api/auth/signup`, {
    headers,
    data: { name, email, password },
  });
  if (signup.status() !== 201) throw new Error(`cadastro falhou: ${await signup.text()}`);
  const oobCode = new URL(actionLinkIn(await lastMailTo(email))).searchParams.get('oobCode');
  await request.post(`${origin}/api/auth/action/verify-email`, { headers, data: { oobCode } });
  const login = await request.post(`${origin}/api/auth/login`, {
    headers,
    data: { email, password },
  });
  if (login.status() !== 200) throw new Error(`login falhou: ${await login.text()}`);
  return { name, email, password };
}
