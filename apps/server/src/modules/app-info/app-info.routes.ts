import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appInfoResponseSchema, type AppInfoResponse } from '@gabarita/shared';

/** Settings of this server that the screens show (the help centre's contact address). */
export const appInfoRoutes: FastifyPluginAsyncZod<{ info: AppInfoResponse }> = async (
  app,
  { info },
) => {
  app.get(
    '/app-info',
    { config: { access: 'public' }, schema: { response: { 200: appInfoResponseSchema } } },
    async () => info,
  );
};
