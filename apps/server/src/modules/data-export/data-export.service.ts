import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../rate-limit/rate-limit.service';

export function createDataExportService(deps: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  limits: RateLimiter;
  log: FastifyBaseLogger;
}) {
  void deps;
  return {
    /** Ends the exports being built (server closing). */
    async close() {},
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
