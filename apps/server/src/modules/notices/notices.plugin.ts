import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { noticesRoutes } from './notices.routes';
import { createNoticesService } from './notices.service';

export const noticesModule: ModulePlugin<{ db: Database }> = async (api, { db }) => {
  await api.register(noticesRoutes, { notices: createNoticesService(db) });
};
