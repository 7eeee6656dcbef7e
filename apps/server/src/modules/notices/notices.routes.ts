import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticesSeenSchema, userNoticesSchema } from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { NoticesService } from './notices.service';

export const noticesRoutes: FastifyPluginAsyncZod<{ notices: NoticesService }> = async (
  app,
  { notices },
) => {
  app.get(
    '/me/notices',
    { config: { access: 'user' }, schema: { response: { 200: userNoticesSchema } } },
    async (request) => notices.unseen(signedIn(request).user.id),
  );

  app.post(
    '/me/notices/seen',
    { config: { access: 'user' }, schema: { body: noticesSeenSchema } },
    async (request, reply) => {
      await notices.dismiss(signedIn(request).user.id, request.body.ids);
      return reply.status(204).send();
    },
  );
};
