import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openDatabase } from '@/db/client';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { MINI_CATALOG } from '../helpers/content';
import { adminQuery, databaseUrl, postgresAdminUrl } from '../helpers/postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated PGlite data folders (tar files) a test file's database starts from. */
    pgliteTemplate: TemplateNames | undefined;
    /** Migrated PostgreSQL databases a test file's database is copied from. */
    postgresTemplate: TemplateNames | undefined;
  }
}

/** `empty`: migrated, no content; `mini`: with the small test catalogue (test/fixtures/content-mini). */
export interface TemplateNames {
  empty: string;
  mini: string;
}

const importMiniCatalog = (handle: DatabaseHandle) =>
  createContentImportService(handle.db).importContent(MINI_CATALOG);

/**
 * Migrates one database for the whole run, which every test file's fresh database is cloned from:
 * creating and migrating one per file took most of a small file's time.
 */
export async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const adminUrl = postgresAdminUrl();
    const prefix = `gabarita_template_${randomBytes(6).toString('hex')}`;
    const names = { empty: `${prefix}_empty`, mini: `${prefix}_mini` };
    await adminQuery(adminUrl, `create database ${names.empty}`);
    const empty = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, names.empty) });
    await empty.migrate();
    await empty.close();
    await adminQuery(adminUrl, `create database ${names.mini} template ${names.empty}`);
    const mini = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, names.mini) });
    await importMiniCatalog(mini);
    await mini.close();
    project.provide('postgresTemplate', names);
    project.provide('pgliteTemplate', undefined);
    return async () => {
      for (const name of Object.values(names)) {
        await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      }
    };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-pglite-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await handle.migrate();
  const files = {
    empty: await dumpTo(handle, path.join(folder, 'empty.tar')),
    mini: await importMiniCatalog(handle).then(() => dumpTo(handle, path.join(folder, 'mini.tar'))),
  };
  await handle.close();
  project.provide('pgliteTemplate', files);
  project.provide('postgresTemplate', undefined);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

async function dumpTo(handle: DatabaseHandle, file: string) {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}
