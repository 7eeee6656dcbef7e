import type { Database } from './client';

// PostgreSQL asks the client to run the transaction again after these; nothing was written.
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const MAX_ATTEMPTS = 3;

function sqlState(error: unknown): string | undefined {
  const withCode = error as { code?: string; cause?: { code?: string } };
  return withCode?.code ?? withCode?.cause?.code;
}

/**
 * Runs one service step as a single transaction, on PGlite and on PostgreSQL alike: either all of
 * its writes happen or none. `step` receives the transaction as an ordinary `Database`, so the repo
 * functions work unchanged inside it. Called inside another transaction, it becomes a savepoint.
 */
export async function inTransaction<T>(
  db: Database,
  step: (tx: Database) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => step(tx));
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
    }
  }
}

/** True when the error is PostgreSQL's unique_violation (a race the unique index decided). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
