import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { dataExports, housekeepingRuns, purchases } from '@/db/schema';

/**
 * Claims `job` for this instance when its last run started at least `minHours` before `now`, or
 * an unfinished one (its instance died or it failed) at least an hour before. One statement, so of
 * several instances trying at once exactly one gets the row back; false for the others.
 */
export async function claimRun(db: Database, job: string, now: Date, minHours: number) {
  const since = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
  const rows = await db
    .insert(housekeepingRuns)
    .values({ job, startedAt: now })
    .onConflictDoUpdate({
      target: housekeepingRuns.job,
      set: { startedAt: now, finishedAt: null },
      setWhere: or(
        lt(housekeepingRuns.startedAt, since(minHours)),
        and(isNull(housekeepingRuns.finishedAt), lt(housekeepingRuns.startedAt, since(1))),
      ),
    })
    .returning({ job: housekeepingRuns.job });
  return rows.length === 1;
}

export async function finishRun(db: Database, job: string, report: Record<string, number>) {
  await db
    .update(housekeepingRuns)
    .set({ finishedAt: sql`now()`, report })
    .where(eq(housekeepingRuns.job, job));
}

export async function findRun(db: Database, job: string) {
  const [row] = await db.select().from(housekeepingRuns).where(eq(housekeepingRuns.job, job));
  return row;
}

/**
 * Data exports past their expiry, and ones that failed or never finished building (the builder
 * died) a day after they were asked for.
 */
export async function purgeDataExportsAt(db: Database, now: Date) {
  const dayBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(dataExports)
    .where(
      or(
        lt(dataExports.expiresAt, now),
        and(
          inArray(dataExports.status, ['building', 'failed']),
          lt(dataExports.requestedAt, dayBefore),
        ),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length;
}

/** Purchases of deleted accounts made before `cutoff` (the end of the fiscal retention period). */
export async function purgeOrphanPurchasesBefore(db: Database, cutoff: Date) {
  const rows = await db
    .delete(purchases)
    .where(and(isNull(purchases.userId), lt(purchases.createdAt, cutoff)))
    .returning({ id: purchases.id });
  return rows.length;
}
