import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { housekeepingRuns } from '@/db/schema';

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
