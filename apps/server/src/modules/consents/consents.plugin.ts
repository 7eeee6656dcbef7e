import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { consentsRoutes } from './consents.routes';
import { createConsentsService } from './consents.service';

export const consentsModule: ModulePlugin<{ db: Database }> = async (api, { db }) => {
  await api.register(consentsRoutes, { consents: createConsentsService({ db }) });
};
