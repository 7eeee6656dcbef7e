import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { CatalogService } from '@/modules/catalog';
import { createReviewQueueService } from '@/modules/review';
import { createReviewService } from '@/modules/study';
import { notebookExportRoutes } from './notebook-export.routes';
import { createNotebookExportService } from './notebook-export.service';

export const notebookExportModule: ModulePlugin<{
  db: Database;
  catalog: CatalogService;
  config: Pick<AppConfig, 'appUrl'>;
}> = async (api, { db, catalog, config }) => {
  const reviews = createReviewQueueService(db);
  await api.register(notebookExportRoutes, {
    notebookExport: createNotebookExportService({
      review: createReviewService(db),
      catalog,
      flashcards: async (userId) => (await reviews.flashcards(userId)).items,
      appUrl: config.appUrl,
    }),
  });
};
