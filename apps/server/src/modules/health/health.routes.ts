import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@gabarita/shared';
import type { HealthService } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  options,
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    },
    async (_request, reply) => {
      const health = await options.health.check();
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
