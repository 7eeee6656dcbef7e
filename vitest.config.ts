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

// The server's integration suite runs on the embedded PGlite, and once more on PostgreSQL when
// TEST_DATABASE_URL is set. TEST_DATABASES=postgres (or pglite) picks one; the suites that start
// real processes on a DATA_DIR belong to the embedded database and run with it.
const integrationDatabases = process.env.TEST_DATABASES
  ? process.env.TEST_DATABASES.split(',').map((name) => name.trim())
  : ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const unknownDatabase = integrationDatabases.find((name) => !['pglite', 'postgres'].includes(name));
if (unknownDatabase) throw new Error(`TEST_DATABASES: banco desconhecido '${unknownDatabase}'`);

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
          // Every file builds its own app on its own database, and the server's modules keep no
          // state between apps: one module graph per worker, instead of one per file, halves the
          // pass (import was a third of it).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      ...(integrationDatabases.includes('pglite')
        ? [
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
          ]
        : []),
      // Two built servers on PostgreSQL behind nginx (npm run test:deployment): only when asked.
      ...(process.env.DEPLOYMENT_TEST === '1'
        ? [
            {
              resolve: serverResolve,
              test: {
                name: 'deployment',
                root: 'apps/server',
                include: ['test/deployment/**/*.test.ts'],
                testTimeout: 120_000,
                hookTimeout: 180_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
