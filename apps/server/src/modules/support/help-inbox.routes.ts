import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  helpActionResponseSchema,
  helpInboxPageSchema,
  helpInboxQuerySchema,
  helpReplyRequestSchema,
  helpRequestDetailSchema,
  helpRequestParamsSchema,
  helpStatusUpdateSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { HelpInboxService } from './help-inbox.service';

export const helpInboxRoutes: FastifyPluginAsyncZod<{ inbox: HelpInboxService }> = async (
  app,
  { inbox },
) => {
  app.get(
    '/admin/help-requests',
    {
      config: { access: 'support' },
      schema: { querystring: helpInboxQuerySchema, response: { 200: helpInboxPageSchema } },
    },
    async (request) => inbox.inbox(request.query),
  );

  app.get(
    '/admin/help-requests/:id',
    {
      config: { access: 'support' },
      schema: { params: helpRequestParamsSchema, response: { 200: helpRequestDetailSchema } },
    },
    async (request) => inbox.detail(request.params.id),
  );

  app.post(
    '/admin/help-requests/:id/replies',
    {
      config: { access: 'support' },
      schema: {
        params: helpRequestParamsSchema,
        body: helpReplyRequestSchema,
        response: { 200: helpActionResponseSchema },
      },
    },
    async (request) => inbox.reply(signedIn(request).user, request.params.id, request.body.body),
  );

  app.post(
    '/admin/help-requests/:id/status',
    {
      config: { access: 'support' },
      schema: {
        params: helpRequestParamsSchema,
        body: helpStatusUpdateSchema,
        response: { 200: helpActionResponseSchema },
      },
    },
    async (request) =>
      inbox.changeStatus(signedIn(request).user, request.params.id, request.body.status),
  );
};
