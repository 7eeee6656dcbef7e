import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../../db/client';

/** Counts one hit in the key's current window, atomically, and returns the hits so far. */
export async function hit(db: Database, key: string, windowSeconds: number): Promise<number> {
  const [row] = await executeRows<{ hits: number }>(
    db,
    sql`insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds}::int)
                      then 1 else rate_limits.hits + 1 end,
          window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds}::int)
                      then now() else rate_limits.window_started_at end
        returning hits`,
  );
  return row?.hits ?? 1;
}
