// What an import reads of the database's own statistics, and how it refreshes the planner's.
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';

/** Transactions committed or rolled back on this database since its statistics were reset. */
export async function transactionCount(db: Database): Promise<number> {
  const [row] = await executeRows<{ transactions: string | number }>(
    db,
    sql`select xact_commit + xact_rollback as transactions
        from pg_stat_database where datname = current_database()`,
  );
  return Number(row?.transactions ?? 0);
}

/** For the rest of the transaction, analyze samples 3,000 rows a table instead of 30,000. */
export async function sampleFewerRows(tx: Database) {
  await tx.execute(sql`set local default_statistics_target = 10`);
}

/** `table` is one of the importer's own table names, never input. */
export async function analyzeTable(tx: Database, table: string) {
  await tx.execute(sql.raw(`analyze ${table}`));
}
