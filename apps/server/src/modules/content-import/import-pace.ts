import type { Database } from '@/db/client';
import { transactionCount } from './database-stats.repo';

/**
 * Others' transactions a second on the catalogue's database from which an import counts its
 * instances as busy: on PostgreSQL each request an instance answers reads its session there, so
 * this is about fifty requests a second. The import's own connections run a few a second.
 */
const BUSY_FROM_TRANSACTIONS_PER_SECOND = 50;

/**
 * And below which they are quiet again. Each backend adds its count to the statistics about once
 * a second, so readings a second apart of a steady load vary by about half (docs/performance.md,
 * "A million questions"): one threshold would switch back and forth around it.
 */
const QUIET_BELOW_TRANSACTIONS_PER_SECOND = 25;

/** The counters are flushed by each backend about once a second: readings closer say nothing. */
const READING_EVERY_MS = 1_000;

export interface TransactionReading {
  /** performance.now() when read. */
  at: number;
  /** Transactions committed or rolled back on the database since its statistics began. */
  transactions: number;
}

/** Transactions a second between two readings. */
export function transactionRate(before: TransactionReading, after: TransactionReading) {
  const seconds = (after.at - before.at) / 1000;
  return seconds > 0 ? Math.max(0, after.transactions - before.transactions) / seconds : 0;
}

/** Whether the instances are busy at `transactionsPerSecond`, given whether they were. */
export function instancesBusy(wereBusy: boolean, transactionsPerSecond: number) {
  return (
    transactionsPerSecond >=
    (wereBusy ? QUIET_BELOW_TRANSACTIONS_PER_SECOND : BUSY_FROM_TRANSACTIONS_PER_SECOND)
  );
}

/**
 * How long an import rests after a step of writing that took `stepMs`: as long again while the
 * instances are busy (half pace, so their requests get the database's CPU the import leaves), not
 * at all otherwise. docs/product-rules.md, "An import gives way to readers".
 */
export function restAfterStep(stepMs: number, busy: boolean) {
  return busy ? stepMs : 0;
}

async function readTransactions(db: Database): Promise<TransactionReading> {
  return { at: performance.now(), transactions: await transactionCount(db) };
}

export type PaceChange = (busy: boolean, transactionsPerSecond: number) => void;

/**
 * The pace of an import on PostgreSQL. `db` must not be the import's transaction: inside one, the
 * statistics would be read once and kept. `changed` hears each switch between paces.
 */
export function importPace(db: Database, changed: PaceChange) {
  let last: TransactionReading | undefined;
  let busy = false;
  return {
    /** After a step of writing that took `stepMs`. */
    async afterStep(stepMs: number) {
      if (!last || performance.now() - last.at >= READING_EVERY_MS) {
        const reading = await readTransactions(db);
        if (last) {
          const rate = transactionRate(last, reading);
          const nowBusy = instancesBusy(busy, rate);
          if (nowBusy !== busy) changed(nowBusy, rate);
          busy = nowBusy;
        }
        last = reading;
      }
      const rest = restAfterStep(stepMs, busy);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    },
  };
}
