import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { RateLimiter } from '@/modules/rate-limit';
import { editalRoutes } from './edital.routes';
import { createEditalService } from './edital.service';

export const editalModule: ModulePlugin<{ db: Database; limits: RateLimiter }> = async (
  api,
  { db, limits },
) => {
  await api.register(editalRoutes, { editais: createEditalService(db, { limits }) });
};
