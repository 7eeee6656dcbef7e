import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { editalRoutes } from './edital.routes';
import { createEditalService } from './edital.service';

export const editalModule: ModulePlugin<{ db: Database }> = async (api, { db }) => {
  await api.register(editalRoutes, { editais: createEditalService(db) });
};
