import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@gabarita/shared';
import type { DatabaseHandle } from '../../db/client';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  options,
) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const health = await checkHealth(options.database);
      return reply
        .status(health.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health);
    },
  );
};
