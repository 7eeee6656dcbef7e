import type { AppConfig } from '@/config';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { Metrics } from './metrics';
import { metricsRoutes } from './metrics.routes';

/** /metrics, outside /api, only when a token lets something read it. */
export const metricsModule: ModulePlugin<{
  metrics: Metrics | undefined;
  config: AppConfig;
}> = async (app, { metrics, config }) => {
  if (metrics && config.metricsToken) {
    await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  }
};
