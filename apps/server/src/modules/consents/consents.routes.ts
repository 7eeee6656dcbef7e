import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsentsService } from './consents.service';

export const consentsRoutes: FastifyPluginAsyncZod<{ consents: ConsentsService }> = async (
  app,
  { consents },
) => {
  void app;
  void consents;
};
