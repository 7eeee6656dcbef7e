import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { auditRoutes } from './audit.routes';
import { createAuditService } from './audit.service';

export const auditModule: ModulePlugin<{ db: Database }> = async (api, { db }) => {
  await api.register(auditRoutes, { audit: createAuditService(db) });
};
