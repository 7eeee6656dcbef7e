import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@/db/client';
import { adminQuery, databaseUrl, postgresAdminUrl } from './postgres-admin';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and throws the database away. */
  destroy(): Promise<void>;
  /** Opens another connection to the same database, as a second server instance would. */
  openAnother(): Promise<DatabaseHandle>;
}

/**
 * An isolated, migrated database for one test file: PGlite in memory by default, or a fresh
 * database on the PostgreSQL server of TEST_DATABASE_URL when the suite runs with TEST_DB=postgres.
 * Both start from the template the suite migrated once (test/setup/database-template.ts), or are
 * migrated here when there is none (a file run outside the suite's projects). `empty` gives a
 * database no migration has touched, for the tests of the migrations themselves.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  return process.env.TEST_DB === 'postgres'
    ? createPostgresDatabase(options.empty ?? false)
    : createPgliteDatabase(options.empty ?? false);
}

function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

async function createPgliteDatabase(empty: boolean): Promise<TestDatabase> {
  const template = empty ? undefined : provided('pgliteTemplate');
  const handle = await openDatabase({
    kind: 'pglite',
    dataDir: undefined,
    ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
  });
  if (!template && !empty) await handle.migrate();
  return {
    ...handle,
    destroy: () => handle.close(),
    // PGlite is one process's database: a second instance shares the connection, and its owner closes it.
    openAnother: async () => ({ ...handle, close: async () => undefined }),
  };
}

async function createPostgresDatabase(empty: boolean): Promise<TestDatabase> {
  const adminUrl = postgresAdminUrl();
  const name = `gabarita_test_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : provided('postgresTemplate');
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 5 });
  if (!template && !empty) await handle.migrate();
  return {
    ...handle,
    openAnother: () => openDatabase({ kind: 'postgres', url, maxConnections: 5 }),
    async destroy() {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
