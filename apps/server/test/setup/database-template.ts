import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';
import { adminQuery, databaseUrl, postgresAdminUrl } from '../helpers/postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (a tar file) each test file's database starts from. */
    pgliteTemplate: string | undefined;
    /** A migrated PostgreSQL database each test file's database is copied from. */
    postgresTemplate: string | undefined;
  }
}

/**
 * Migrates one database for the whole run, which every test file's fresh database is cloned from:
 * creating and migrating one per file took most of a small file's time.
 */
export async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const adminUrl = postgresAdminUrl();
    const name = `gabarita_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name) });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', undefined);
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await handle.migrate();
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-pglite-')), 'data.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', undefined);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
