import {
  addressPattern,
  allAddresses,
  type Identity,
  namesOwnedAddress,
  replaceAll,
} from '@/db/personal-traces';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { operatorRuns } from '@/db/schema';
import { hasEnded, type ProcessIdentity } from '@/lib/process-identity';

export type OperatorChannel = (typeof operatorRuns.$inferInsert)['channel'];

export async function insertRun(
  db: Database,
  command: string,
  args: string[],
  channel: OperatorChannel,
  process: ProcessIdentity,
) {
  const [run] = await db
    .insert(operatorRuns)
    .values({ command, args, channel, status: 'running', process })
    .returning({ id: operatorRuns.id });
  return run!.id;
}

export async function finishRun(db: Database, id: string, status: 'succeeded' | 'failed') {
  await db
    .update(operatorRuns)
    .set({ status, finishedAt: sql`now()` })
    .where(eq(operatorRuns.id, id));
}

/**
 * Marks 'interrupted' the runs still 'running' whose process is known to have ended (killed or
 * crashed mid-way); a run of another machine's process cannot be judged and is left as it is.
 */
export async function markInterruptedRuns(db: Database) {
  const running = await db
    .select({ id: operatorRuns.id, process: operatorRuns.process })
    .from(operatorRuns)
    .where(and(eq(operatorRuns.status, 'running'), isNotNull(operatorRuns.process)));
  for (const run of running) {
    if (!run.process || !hasEnded(run.process)) continue;
    await db
      .update(operatorRuns)
      .set({ status: 'interrupted', finishedAt: sql`now()` })
      .where(and(eq(operatorRuns.id, run.id), eq(operatorRuns.status, 'running')));
  }
}

export async function countRuns(db: Database) {
  const [row] = await db.select({ total: count() }).from(operatorRuns);
  return row?.total ?? 0;
}

export async function latestRuns(db: Database, limit: number) {
  return db.select().from(operatorRuns).orderBy(desc(operatorRuns.startedAt)).limit(limit);
}

/** Operator commands keep their record; the address typed in their arguments does not stay. */
export async function pseudonymiseOperatorRuns(db: Database, who: Identity, pseudonym: string) {
  let args = sql`args::text`;
  for (const email of allAddresses(who)) args = replaceAll(args, addressPattern(email), pseudonym);
  await db.execute(sql`
    update operator_runs set args = (${replaceAll(args, `***=${who.id}`, pseudonym)})::jsonb
    where strpos(args::text, ${who.id}) > 0
      or ${namesOwnedAddress(who, sql`args::text`, sql`started_at`)}`);
}
