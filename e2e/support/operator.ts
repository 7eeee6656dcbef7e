import { execFileSync } from 'node:child_process';

/** Runs an operator command against the e2e server's DATA_DIR; it goes through the running server. */
export function runOperatorCommand(...args: string[]): string {
  return runOperatorCommandIn(process.env.E2E_DATA_DIR!, ...args);
}

/** The same, for a server a test started itself. */
export function runOperatorCommandIn(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['apps/server/dist/ops.js', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}
