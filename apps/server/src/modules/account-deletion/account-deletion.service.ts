import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import type { AuthService } from '../auth/auth.service';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../rate-limit/rate-limit.service';

export function createAccountDeletionService(deps: {
  db: Database;
  auth: AuthService;
  mailer: Mailer;
  limits: RateLimiter;
  log: FastifyBaseLogger;
}) {
  void deps;
  return {};
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
