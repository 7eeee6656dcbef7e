import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '@/db/client';
import { migrationsFolder } from '@/paths';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const committedMigrations = fs
  .readdirSync(migrationsFolder)
  .filter((file) => file.endsWith('.sql'));

async function appliedCount(database: TestDatabase) {
  const [row] = await executeRows<{ total: number }>(
    database.db,
    sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
  );
  return row?.total;
}

describe('migrations on an empty database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('applies every committed migration', async () => {
    expect(committedMigrations.length).toBeGreaterThan(0);
    expect(await appliedCount(database)).toBe(committedMigrations.length);
  });

  it('creates the tables of the schema', async () => {
    const tables = await executeRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((table) => table.table_name)).toContain('operator_runs');
  });

  it('is a no-op when run again, even by several callers at once', async () => {
    await Promise.all([database.migrate(), database.migrate()]);
    expect(await appliedCount(database)).toBe(committedMigrations.length);
  });

  it('enforces the constraints it declares', async () => {
    await expect(
      database.db.execute(
        sql`insert into operator_runs (command, args, channel, status) values ('x', '[]', 'elsewhere', 'running')`,
      ),
    ).rejects.toThrow();
  });
});
