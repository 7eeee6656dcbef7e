import { type Cookie, test as base, expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { signedInAccount } from './accounts';
import { runOperatorCommand } from './operator';

interface SignedIn {
  email: string;
  cookies: Cookie[];
}

/** Accounts made once per worker: sign-up and sign-in are rate limited per IP, like in production. */
interface WorkerAccounts {
  freeAccount: SignedIn;
  premiumAccount: SignedIn;
}

async function createAccount(
  playwright: PlaywrightWorkerArgs['playwright'],
  premium: boolean,
): Promise<SignedIn> {
  const context = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { email } = await signedInAccount(context);
  if (premium) runOperatorCommand('user:grant-premium', email, '30');
  const { cookies } = await context.storageState();
  await context.dispose();
  return { email, cookies };
}

export const test = base.extend<object, WorkerAccounts>({
  // The app runs on a port chosen at start-up (see global-setup.ts).
  baseURL: async ({ baseURL }, use) => {
    await use(process.env.E2E_BASE_URL ?? baseURL);
  },
  freeAccount: [
    async ({ playwright }, use) => use(await createAccount(playwright, false)),
    { scope: 'worker' },
  ],
  premiumAccount: [
    async ({ playwright }, use) => use(await createAccount(playwright, true)),
    { scope: 'worker' },
  ],
});

export { expect };
