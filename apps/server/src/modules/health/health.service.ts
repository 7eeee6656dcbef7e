import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { HealthResponse, ReadyResponse } from '@gabarita/shared';
import { type Database, type DatabaseHandle, executeRows, pingDatabase } from '@/db/client';
import { migrationsFolder } from '@/paths';

const DATABASE_TIMEOUT_MS = 2_000;

export function createHealthService(database: DatabaseHandle) {
  const expected = latestMigrationTime();
  return {
    check: () => checkHealth(database),
    ready: () => checkReady(database.db, expected),
  };
}

export type HealthService = ReturnType<typeof createHealthService>;

async function checkHealth(database: DatabaseHandle): Promise<HealthResponse> {
  const started = performance.now();
  const reachable = await withTimeout(pingDatabase(database.db), DATABASE_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
  return {
    status: reachable ? 'ok' : 'degraded',
    database: {
      kind: database.kind,
      reachable,
      latencyMs: reachable ? Math.round((performance.now() - started) * 10) / 10 : null,
    },
    uptimeSeconds: Math.round(process.uptime()),
  };
}

/**
 * Ready when the database answers and holds the newest migration this build ships: an instance
 * whose database is behind (another instance still migrating it, or a restored older backup) must
 * not take traffic.
 */
async function checkReady(db: Database, expected: number): Promise<ReadyResponse> {
  const applied = await withTimeout(appliedMigrationTime(db), DATABASE_TIMEOUT_MS).then(
    (time) => ({ database: true, migrations: time !== null && time >= expected }),
    () => ({ database: false, migrations: false }),
  );
  return { status: applied.database && applied.migrations ? 'ready' : 'not-ready', ...applied };
}

/** Drizzle records each applied migration with its journal time (`when`), in `created_at`. */
async function appliedMigrationTime(db: Database): Promise<number | null> {
  const [table] = await executeRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return null;
  const [latest] = await executeRows<{ latest: string | null }>(
    db,
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  return latest?.latest ? Number(latest.latest) : null;
}

function latestMigrationTime(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
