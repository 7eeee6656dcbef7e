import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../paths';
import { type Database, executeRows } from './client';

/** How many migrations the database has, and the journal time of the newest (Drizzle's record). */
export async function appliedMigrations(db: Database) {
  const [row] = await executeRows<{ total: number; last_applied_at: string | null }>(
    db,
    sql`select count(*)::int as total, max(created_at)::text as last_applied_at
        from drizzle.__drizzle_migrations`,
  );
  return {
    total: row?.total ?? 0,
    lastAppliedAt: row?.last_applied_at ? new Date(Number(row.last_applied_at)) : null,
  };
}

/** The journal time of the newest migration this build ships. */
export function newestShippedMigration(): Date {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return new Date(Math.max(...journal.entries.map((entry) => entry.when)));
}
