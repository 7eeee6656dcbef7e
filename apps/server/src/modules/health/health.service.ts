import type { HealthResponse, ReadyResponse } from '@gabarita/shared';
import { type Database, type DatabaseHandle, pingDatabase } from '@/db/client';
import { appliedMigrations, newestShippedMigration } from '@/db/migration-state';

const DATABASE_TIMEOUT_MS = 2_000;

export function createHealthService(database: DatabaseHandle) {
  const expected = newestShippedMigration();
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
async function checkReady(db: Database, expected: Date): Promise<ReadyResponse> {
  const applied = await withTimeout(appliedMigrations(db), DATABASE_TIMEOUT_MS).then(
    ({ lastAppliedAt }) => ({
      database: true,
      migrations: lastAppliedAt !== null && lastAppliedAt >= expected,
    }),
    () => ({ database: false, migrations: false }),
  );
  return { status: applied.database && applied.migrations ? 'ready' : 'not-ready', ...applied };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
