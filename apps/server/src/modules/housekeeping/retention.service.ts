import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import type { PersonalDataRegistry } from '@/lib/personal-data';
import { claimRun, finishRun } from './retention.repo';

export const RETENTION_JOB = 'retention';
// Less than a day, so that hourly attempts do not push the run an hour later every day.
const MIN_HOURS_BETWEEN_RUNS = 23;

export type RetentionReport = Record<string, number>;

/**
 * The daily retention run (docs/product-rules.md, "Personal data and the LGPD"): removes each kind
 * of record once its period is over, on one instance for all.
 */
export function createRetention(deps: {
  db: Database;
  personalData: PersonalDataRegistry;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;

  /**
   * Removes what is past its period at `now`: each module's purge in the personal-data registry
   * (rate-limit counters and settled token reservations timed by the database's clock).
   */
  function runRetention(now = new Date()): Promise<RetentionReport> {
    return deps.personalData.purgeExpired(now);
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
