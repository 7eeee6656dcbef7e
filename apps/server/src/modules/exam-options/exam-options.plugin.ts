import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { examOptionRoutes } from './exam-option.routes';
import { createExamOptionService } from './exam-option.service';

export const examOptionsModule: ModulePlugin<{ db: Database }> = async (api, { db }) => {
  await api.register(examOptionRoutes, { examOptions: createExamOptionService(db) });
};
