import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { operationsMetricsRoutes } from './operations-metrics.routes';
import { createOperationsMetricsService } from './operations-metrics.service';

export const operationsMetricsModule: ModulePlugin<{ db: Database; config: AppConfig }> = async (
  api,
  { db, config },
) => {
  await api.register(operationsMetricsRoutes, {
    metrics: createOperationsMetricsService({ db, usdBrlRate: config.usdBrlRate }),
  });
};
