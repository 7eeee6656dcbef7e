import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { CatalogService } from '@/modules/catalog';
import { createCommentaryService } from './commentary.service';
import { createPerformanceService } from './performance.service';
import { createReviewService } from './review.service';
import { simuladoRoutes } from './simulado.routes';
import type { SimuladoService } from './simulado.service';
import type { StudyMarks } from './study-marks';
import { studyRoutes } from './study.routes';
import type { StudyService } from './study.service';

export const studyModule: ModulePlugin<{
  db: Database;
  study: StudyService;
  studyMarks: StudyMarks;
  simulados: SimuladoService;
  catalog: CatalogService;
  ai: { hasTutorAccess: Parameters<typeof createCommentaryService>[0]['hasTutorAccess'] };
}> = async (api, { db, study, studyMarks, simulados, catalog, ai }) => {
  await api.register(studyRoutes, {
    study,
    performance: createPerformanceService(db, studyMarks),
    review: createReviewService(db),
    commentary: createCommentaryService({ catalog, study, hasTutorAccess: ai.hasTutorAccess }),
  });
  await api.register(simuladoRoutes, { simulados });
};
