import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import { purgeChatMessagesBefore } from '@/modules/ai';
import { purgeAuthRecordsAt } from '@/modules/auth';
import { purgeOutboxBefore } from '@/modules/mail';
import type { RateLimiter } from '@/modules/rate-limit';
import type { TokenLedger } from '@/modules/tokens';
import {
  claimRun,
  finishRun,
  purgeDataExportsAt,
  purgeOrphanPurchasesBefore,
} from './retention.repo';

export const RETENTION_JOB = 'retention';
/** Tax law lets the authorities audit five years of sales. */
export const PURCHASE_RETENTION_YEARS = 5;
// Less than a day, so that hourly attempts do not push the run an hour later every day.
const MIN_HOURS_BETWEEN_RUNS = 23;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const yearsBefore = (now: Date, years: number) => {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
};

export type RetentionReport = Record<string, number>;

/**
 * The daily retention run (docs/product-rules.md, "Personal data and the LGPD"): removes each kind
 * of record once its period is over, on one instance for all.
 */
export function createRetention(deps: {
  db: Database;
  limits: RateLimiter;
  ledger: TokenLedger;
  retention: AppConfig['retention'];
  log: FastifyBaseLogger;
}) {
  const { db, retention } = deps;

  /**
   * Removes what is past its period at `now`. Rate-limit counters (kept 24 h after their window
   * started, the longest window) and settled token reservations are their modules' purges, timed
   * by the database's clock.
   */
  async function runRetention(now = new Date()): Promise<RetentionReport> {
    const auth = await purgeAuthRecordsAt(db, now);
    return {
      ...auth,
      rateLimits: await deps.limits.purgeExpired(),
      outboxMessages: await purgeOutboxBefore(db, daysBefore(now, retention.outboxDays)),
      chatMessages: await purgeChatMessagesBefore(db, daysBefore(now, retention.aiChatDays)),
      dataExports: await purgeDataExportsAt(db, now),
      purchases: await purgeOrphanPurchasesBefore(db, yearsBefore(now, PURCHASE_RETENTION_YEARS)),
      tokenReservations: await deps.ledger.purgeSettled(),
    };
  }

  return {
    runRetention,

    /**
     * Runs the retention when no instance has run it in the last 23 hours (or the last run never
     * finished): the report of what it removed, or null when another instance has it.
     */
    async runDailyIfDue(now = new Date()): Promise<RetentionReport | null> {
      if (!(await claimRun(db, RETENTION_JOB, now, MIN_HOURS_BETWEEN_RUNS))) return null;
      const report = await runRetention(now);
      await finishRun(db, RETENTION_JOB, report);
      deps.log.info({ removed: report }, 'limpeza diária de dados concluída');
      return report;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
