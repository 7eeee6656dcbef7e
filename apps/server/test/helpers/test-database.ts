import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and throws the database away. */
  destroy(): Promise<void>;
  /** Opens another connection to the same database, as a second server instance would. */
  openAnother(): Promise<DatabaseHandle>;
}

/**
 * An isolated, migrated database for one test file: PGlite in memory by default, or a fresh
 * database on the PostgreSQL server of TEST_DATABASE_URL when the suite runs with TEST_DB=postgres.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  return process.env.TEST_DB === 'postgres' ? createPostgresDatabase() : createPgliteDatabase();
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await handle.migrate();
  return {
    ...handle,
    destroy: () => handle.close(),
    // PGlite is one process's database: a second instance shares the connection, and its owner closes it.
    openAnother: async () => ({ ...handle, close: async () => undefined }),
  };
}

export function postgresAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = postgresAdminUrl();
  const name = `gabarita_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 5 });
  await handle.migrate();
  return {
    ...handle,
    openAnother: () => openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 5 }),
    async destroy() {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
