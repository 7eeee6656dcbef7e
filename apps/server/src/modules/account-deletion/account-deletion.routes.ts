import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountRequestSchema } from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import { clearSessionCookie } from '@/lib/session-cookie';
import type { AccountDeletionService } from './account-deletion.service';

export const accountDeletionRoutes: FastifyPluginAsyncZod<{
  deletion: AccountDeletionService;
  secureCookies: boolean;
}> = async (app, { deletion, secureCookies }) => {
  app.post('/me/deletion-code', { config: { access: 'user' } }, async (request, reply) => {
    await deletion.sendCode(signedIn(request).user);
    return reply.status(204).send();
  });

  app.delete(
    '/me',
    { config: { access: 'user' }, schema: { body: deleteAccountRequestSchema } },
    async (request, reply) => {
      await deletion.deleteAccount(signedIn(request).user, request.body);
      clearSessionCookie(reply, secureCookies);
      return reply.status(204).send();
    },
  );
};
