import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { browserImportRoutes } from './browser-import.routes';
import { createBrowserImportService } from './browser-import.service';

export const contentImportModule: ModulePlugin<{ db: Database }> = async (api, { db }) => {
  await api.register(browserImportRoutes, { imports: createBrowserImportService(db) });
};
