import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { AiService } from '../ai/ai.service';
import type { AuthService } from '../auth/auth.service';
import type { RateLimiter } from '../rate-limit/rate-limit.service';
import type { TokenLedger } from '../tokens/token-ledger.service';

const EVERY_HOUR_MS = 60 * 60 * 1000;

/**
 * Removes records nobody can use any more (docs/product-rules.md, "Rate limits"): expired sessions
 * and links, and rate-limit counters whose window closed long ago. Gives back the tokens that
 * reservations of dead servers still hold ("AI tutor and tokens"). Each module purges its own
 * tables.
 */
export function createHousekeeping(deps: {
  db: Database;
  auth: AuthService;
  retention: AppConfig['retention'];
  limits: RateLimiter;
  ledger: TokenLedger;
  ai: AiService;
  log: FastifyBaseLogger;
}) {
  async function runOnce() {
    await deps.auth.purgeExpired();
    const counters = await deps.limits.purgeExpired();
    const reservations = await deps.ledger.releaseExpired();
    const settled = await deps.ledger.purgeSettled();
    const generations = await deps.ai.purgeDeadGenerations();
    deps.log.debug({ counters, reservations, settled, generations }, 'limpeza periódica concluída');
  }

  return {
    runOnce,
    /**
     * Runs every hour until stopped; a failed run is logged and retried at the next tick. At the
     * start, the tokens held by calls of this machine's dead server processes go back at once.
     */
    start() {
      deps.ledger.releaseOfEndedProcesses().then(
        (released) => {
          if (released > 0)
            deps.log.info({ released }, 'tokens de chamadas interrompidas devolvidos');
        },
        (error: unknown) => deps.log.error({ err: error }, 'falha ao devolver tokens reservados'),
      );
      const timer = setInterval(() => {
        runOnce().catch((error: unknown) => deps.log.error({ err: error }, 'falha na limpeza'));
      }, EVERY_HOUR_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
