import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `@/x` is apps/server/src/x on the server (apps/server/tsconfig.json `paths`).
const serverResolve = {
  alias: [
    {
      find: /^@\//,
      replacement: `${fileURLToPath(new URL('./apps/server/src', import.meta.url))}/`,
    },
  ],
};

// The server's integration suite runs on the embedded PGlite always, and once more on PostgreSQL
// when TEST_DATABASE_URL is set (CI sets it).
const integrationDatabases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: [
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        resolve: serverResolve,
        test: {
          name: 'server-unit',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
        },
      },
      ...integrationDatabases.map((database) => ({
        resolve: serverResolve,
        test: {
          name: `server-integration (${database})`,
          root: 'apps/server',
          // The fuzz run is bounded and loopback-only, so it runs on both databases like the rest.
          include: ['test/integration/**/*.test.ts', 'test/fuzz/**/*.test.ts'],
          env: { TEST_DB: database, LOG_LEVEL: 'silent' },
          // One migrated database for the run, cloned by every test file.
          globalSetup: ['test/setup/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        resolve: serverResolve,
        test: {
          name: 'server-processes',
          root: 'apps/server',
          include: ['test/processes/**/*.test.ts'],
          // Each test starts real server processes: generous on a shared, busy machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
