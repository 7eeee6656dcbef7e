import { type Identity, namesOwnedAddress } from '@/db/personal-traces';
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';

const windowOpen = (windowSeconds: number) =>
  sql`rate_limits.window_started_at > now() - make_interval(secs => ${windowSeconds}::int)`;

/** Counts one hit in the key's current window, atomically, and returns the hits so far. */
export async function hit(db: Database, key: string, windowSeconds: number): Promise<number> {
  const [row] = await executeRows<{ hits: number }>(
    db,
    sql`insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when ${windowOpen(windowSeconds)} then rate_limits.hits + 1 else 1 end,
          window_started_at = case when ${windowOpen(windowSeconds)}
                      then rate_limits.window_started_at else now() end
        returning hits`,
  );
  return row?.hits ?? 1;
}

/** Hits counted in the key's current window, without counting one more. */
export async function hitsSoFar(db: Database, key: string, windowSeconds: number) {
  const [row] = await executeRows<{ hits: number }>(
    db,
    sql`select hits from rate_limits where key = ${key} and ${windowOpen(windowSeconds)}`,
  );
  return row?.hits ?? 0;
}

export async function clear(db: Database, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops counters whose window closed long ago (every window is shorter than `olderThanSeconds`). */
export async function purgeOlderThan(db: Database, olderThanSeconds: number) {
  const rows = await executeRows<{ key: string }>(
    db,
    sql`delete from rate_limits
        where window_started_at < now() - make_interval(secs => ${olderThanSeconds}::int)
        returning key`,
  );
  return rows.length;
}

/** Rate-limit counters keyed by the account's id or by an address while it was the account's. */
export async function deleteRateLimitsOf(db: Database, who: Identity) {
  await db.execute(sql`
    delete from rate_limits
    where strpos(key, ${who.id}) > 0
      or ${namesOwnedAddress(who, sql`key`, sql`window_started_at`)}`);
}
