import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { BillingService } from '@/modules/billing';
import { paymentsConsoleRoutes } from './payments-console.routes';
import { createPaymentsConsoleService } from './payments-console.service';

export const paymentsConsoleModule: ModulePlugin<{
  db: Database;
  billing: BillingService;
  log: FastifyBaseLogger;
}> = async (api, { db, billing, log }) => {
  await api.register(paymentsConsoleRoutes, {
    payments: createPaymentsConsoleService({ db, billing, log }),
  });
};
