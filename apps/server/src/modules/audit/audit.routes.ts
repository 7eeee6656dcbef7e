import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@gabarita/shared';
import type { AuditService } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (
  app,
  { audit },
) => {
  app.get(
    '/admin/audit',
    {
      config: { access: 'editor' },
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) =>
      audit.page({
        before: request.query.antes,
        action: request.query.acao,
        target: request.query.alvo,
      }),
  );
};
