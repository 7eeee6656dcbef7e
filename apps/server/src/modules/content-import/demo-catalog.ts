import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import { serverRoot } from '@/paths';
import { createContentImportService } from './content-import.service';

export const DEMO_CATALOG_DIR = path.join(serverRoot, '../../content/sample');

/** A fresh installation starts with the demonstration exams, so there is something to study. */
export async function loadDemoCatalogIfEmpty(db: Database, log: Pick<FastifyBaseLogger, 'info'>) {
  const content = createContentImportService(db);
  if (!(await content.isCatalogEmpty())) return;
  const result = await content.importContent(DEMO_CATALOG_DIR);
  log.info(
    { exams: result.exams, questions: result.questions },
    'catálogo de demonstração carregado',
  );
}
