import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { restoreEmbeddedDatabase } from '@/modules/operator/backup';
import { createOperatorService } from '@/modules/operator/operator.service';
import { createPasswordUser } from '../helpers/accounts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const emails = async (database: { db: TestDatabase['db'] }) =>
  (await database.db.select({ email: users.email }).from(users)).map((row) => row.email).sort();

/** The refusal a command ends with: its code and message. */
async function refusal(running: Promise<unknown>) {
  const error = await running.then(
    () => expect.fail('the command was expected to refuse'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
}

describe('db:backup and db:restore', () => {
  let folder: string;
  let test: TestDatabase;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-backup-'));
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('on PostgreSQL, point to pg_dump and pg_restore', async () => {
    if (test.kind !== 'postgres') return;
    const operator = createOperatorService(test);
    const backup = await refusal(
      operator.run('db:backup', [path.join(folder, 'x.tar.gz')], 'direct'),
    );
    expect(backup.message).toContain('pg_dump -Fc');
    const restore = await refusal(
      operator.run('db:restore', [path.join(folder, 'x.tar.gz')], 'direct'),
    );
    expect(restore.message).toContain('pg_restore --clean');
    expect(fs.existsSync(path.join(folder, 'x.tar.gz'))).toBe(false);
  });

  it('backs up the embedded database while it serves, and restores it as it was', async () => {
    const dataDir = path.join(folder, 'pgdata');
    const file = path.join(folder, 'copia.tar.gz');
    const serving = await openDatabase({ kind: 'pglite', dataDir });
    await serving.migrate();
    const before = await createPasswordUser(serving.db);
    const operator = createOperatorService(serving);

    const output = await operator.run('db:backup', [file], 'server');
    expect(output[0]).toMatch(new RegExp(`^Cópia do banco embutido gravada em ${file} \\(\\d`));
    expect(fs.statSync(file).size).toBeGreaterThan(100_000);
    // Never over an existing file.
    expect((await refusal(operator.run('db:backup', [file], 'server'))).code).toBe(
      'operator/file-exists',
    );
    // A server holding the folder cannot be restored under.
    expect((await refusal(operator.run('db:restore', [file], 'server'))).code).toBe(
      'operator/server-running',
    );

    const after = await createPasswordUser(serving.db);
    expect(await emails(serving)).toEqual([before.email, after.email].sort());
    await serving.close();

    // Something that is not a backup changes nothing.
    const junk = path.join(folder, 'nao-e-copia.tar.gz');
    fs.writeFileSync(junk, 'isto não é um banco');
    expect((await refusal(restoreEmbeddedDatabase(dataDir, junk))).code).toBe(
      'operator/not-a-backup',
    );
    const untouched = await openDatabase({ kind: 'pglite', dataDir });
    expect(await emails(untouched)).toEqual([before.email, after.email].sort());
    await untouched.close();

    const lines = await restoreEmbeddedDatabase(dataDir, file);
    expect(lines[0]).toBe('Banco embutido restaurado de copia.tar.gz.');
    const kept = fs
      .readdirSync(folder)
      .filter((name) => name.startsWith('pgdata.antes-da-restauracao-'));
    expect(kept).toHaveLength(1);

    const restored = await openDatabase({ kind: 'pglite', dataDir });
    await restored.migrate();
    expect(await emails(restored)).toEqual([before.email]);
    await restored.close();
  });
});
