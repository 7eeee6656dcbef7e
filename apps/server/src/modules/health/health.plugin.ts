import type { DatabaseHandle } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { healthRoutes } from './health.routes';
import { createHealthService } from './health.service';

export const healthModule: ModulePlugin<{ database: DatabaseHandle }> = async (api, deps) => {
  await api.register(healthRoutes, { health: createHealthService(deps.database) });
};
