import type { HealthResponse } from '@gabarita/shared';
import { type DatabaseHandle, pingDatabase } from '@/db/client';

const DATABASE_TIMEOUT_MS = 2_000;

export function createHealthService(database: DatabaseHandle) {
  return { check: () => checkHealth(database) };
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

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
