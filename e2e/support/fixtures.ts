import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  // The app runs on a port chosen at start-up (see global-setup.ts).
  baseURL: async ({ baseURL }, use) => {
    await use(process.env.E2E_BASE_URL ?? baseURL);
  },
});

export { expect };
