import { execFileSync } from 'node:child_process';

/** Runs an operator command against the e2e server's DATA_DIR; it goes through the running server. */
export function runOperatorCommand(...args: string[]): string {
  return execFileSync(process.execPath, ['apps/server/dist/ops.js', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}
