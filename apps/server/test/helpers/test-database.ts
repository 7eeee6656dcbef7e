import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@/db/client';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import type { TemplateNames } from '../setup/database-template';
import { MINI_CATALOG } from './content';
import { adminQuery, databaseUrl, postgresAdminUrl } from './postgres-admin';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and throws the database away. */
  destroy(): Promise<void>;
  /** Opens another connection to the same database, as a second server instance would. */
  openAnother(): Promise<DatabaseHandle>;
}

/**
 * What a test database starts with: `migrated` (the default), `mini` (migrated, with the small test
 * catalogue, test/fixtures/content-mini, already imported) or `unmigrated` (no migration has
 * touched it: for the tests of the migrations themselves).
 */
export type Starting = 'migrated' | 'mini' | 'unmigrated';

/**
 * An isolated database for one test file: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL when the suite runs with TEST_DB=postgres. Both start from
 * the templates the suite prepared once (test/setup/database-template.ts), or are prepared here when
 * there are none (a file run outside the suite's projects).
 */
export async function createTestDatabase(starting: Starting = 'migrated'): Promise<TestDatabase> {
  return process.env.TEST_DB === 'postgres'
    ? createPostgresDatabase(starting)
    : createPgliteDatabase(starting);
}

function templateName(templates: TemplateNames | undefined, starting: Starting) {
  if (!templates || starting === 'unmigrated') return undefined;
  return starting === 'mini' ? templates.mini : templates.empty;
}

/** Brings a database no template prepared to what `starting` asks. */
async function prepare(handle: DatabaseHandle, starting: Starting) {
  if (starting === 'unmigrated') return;
  await handle.migrate();
  if (starting === 'mini') await createContentImportService(handle.db).importContent(MINI_CATALOG);
}

function provided(key: 'pgliteTemplate' | 'postgresTemplate'): TemplateNames | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

async function createPgliteDatabase(starting: Starting): Promise<TestDatabase> {
  const template = templateName(provided('pgliteTemplate'), starting);
  const handle = await openDatabase({
    kind: 'pglite',
    dataDir: undefined,
    ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
  });
  if (!template) await prepare(handle, starting);
  return {
    ...handle,
    destroy: () => handle.close(),
    // PGlite is one process's database: a second instance shares the connection, and its owner closes it.
    openAnother: async () => ({ ...handle, close: async () => undefined }),
  };
}

async function createPostgresDatabase(starting: Starting): Promise<TestDatabase> {
  const adminUrl = postgresAdminUrl();
  const name = `gabarita_test_${randomBytes(6).toString('hex')}`;
  const template = templateName(provided('postgresTemplate'), starting);
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 5 });
  if (!template) await prepare(handle, starting);
  return {
    ...handle,
    openAnother: () => openDatabase({ kind: 'postgres', url, maxConnections: 5 }),
    async destroy() {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
