import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { PersonalDataRegistry } from '@/lib/personal-data';
import type { AuthService } from '@/modules/auth';
import type { Mailer } from '@/modules/mail';
import type { RateLimiter } from '@/modules/rate-limit';
import { accountDeletionRoutes } from './account-deletion.routes';
import { createAccountDeletionService } from './account-deletion.service';

export const accountDeletionModule: ModulePlugin<{
  db: Database;
  auth: AuthService;
  mailer: Mailer;
  limits: RateLimiter;
  personalData: PersonalDataRegistry;
  log: FastifyBaseLogger;
  config: AppConfig;
  secureCookies: boolean;
}> = async (api, deps) => {
  await api.register(accountDeletionRoutes, {
    deletion: createAccountDeletionService({ ...deps, privacyEmail: deps.config.privacyEmail }),
    secureCookies: deps.secureCookies,
  });
};
