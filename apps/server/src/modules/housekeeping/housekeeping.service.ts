import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import type { PersonalDataRegistry } from '@/lib/personal-data';
import type { AiService } from '@/modules/ai';
import type { TokenLedger } from '@/modules/tokens';
import { createRetention } from './retention.service';

const EVERY_HOUR_MS = 60 * 60 * 1000;
/** The first retention attempt waits for the server to settle in after it starts. */
const FIRST_RETENTION_DELAY_MS = 60 * 1000;

/**
 * Periodic work of every instance. Hourly: gives back the tokens that reservations of dead
 * servers still hold and drops their generation rows ("AI tutor and tokens"). Daily, on one
 * instance for all: removes records whose retention period is over (retention.service.ts).
 */
export function createHousekeeping(deps: {
  db: Database;
  personalData: PersonalDataRegistry;
  ledger: TokenLedger;
  ai: AiService;
  log: FastifyBaseLogger;
}) {
  const retention = createRetention(deps);

  async function runOnce() {
    const reservations = await deps.ledger.releaseExpired();
    const generations = await deps.ai.purgeDeadGenerations();
    deps.log.debug({ reservations, generations }, 'limpeza periódica concluída');
  }

  const tryRetention = () =>
    retention
      .runDailyIfDue()
      .catch((error: unknown) => deps.log.error({ err: error }, 'falha na limpeza diária'));

  return {
    runOnce,
    runRetention: retention.runRetention,
    runDailyIfDue: retention.runDailyIfDue,
    /**
     * Runs every hour until stopped; a failed run is logged and retried at the next tick. Each
     * tick also tries the daily retention, which one instance claims per day. At the start, the
     * tokens held by calls of this machine's dead server processes go back at once.
     */
    start() {
      deps.ledger.releaseOfEndedProcesses().then(
        (released) => {
          if (released > 0)
            deps.log.info({ released }, 'tokens de chamadas interrompidas devolvidos');
        },
        (error: unknown) => deps.log.error({ err: error }, 'falha ao devolver tokens reservados'),
      );
      const first = setTimeout(() => void tryRetention(), FIRST_RETENTION_DELAY_MS);
      first.unref();
      const timer = setInterval(() => {
        runOnce().catch((error: unknown) => deps.log.error({ err: error }, 'falha na limpeza'));
        void tryRetention();
      }, EVERY_HOUR_MS);
      timer.unref();
      return () => {
        clearTimeout(first);
        clearInterval(timer);
      };
    },
  };
}
