import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, liveResponseSchema, readyResponseSchema } from '@gabarita/shared';
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

  // Without the database: a restart because the database is away would not bring it back.
  app.get(
    '/health/live',
    { config: { access: 'public' }, schema: { response: { 200: liveResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: { response: { 200: readyResponseSchema, 503: readyResponseSchema } },
    },
    async (_request, reply) => {
      const ready = await options.health.ready();
      return reply.status(ready.status === 'ready' ? 200 : 503).send(ready);
    },
  );
};
