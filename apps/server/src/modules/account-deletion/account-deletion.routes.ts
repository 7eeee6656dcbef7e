import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountDeletionService } from './account-deletion.service';

export const accountDeletionRoutes: FastifyPluginAsyncZod<{
  deletion: AccountDeletionService;
  secureCookies: boolean;
}> = async (app, { deletion }) => {
  void app;
  void deletion;
};
