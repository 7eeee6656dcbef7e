import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  myReportsSchema,
  reportActionResponseSchema,
  reportDetailSchema,
  reportParamsSchema,
  reportQueuePageSchema,
  reportQueueQuerySchema,
  reportReplySchema,
  reportStatusUpdateSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { ReportTriageService } from './report-triage.service';

export const reportTriageRoutes: FastifyPluginAsyncZod<{ triage: ReportTriageService }> = async (
  app,
  { triage },
) => {
  app.get(
    '/admin/reports',
    {
      config: { access: 'editor' },
      schema: { querystring: reportQueueQuerySchema, response: { 200: reportQueuePageSchema } },
    },
    async (request) => triage.queue(request.query),
  );

  app.get(
    '/admin/reports/:id',
    {
      config: { access: 'editor' },
      schema: { params: reportParamsSchema, response: { 200: reportDetailSchema } },
    },
    async (request) => triage.detail(request.params.id),
  );

  app.patch(
    '/admin/reports/:id',
    {
      config: { access: 'editor' },
      schema: {
        params: reportParamsSchema,
        body: reportStatusUpdateSchema,
        response: { 200: reportActionResponseSchema },
      },
    },
    async (request) =>
      triage.changeStatus(signedIn(request).user, request.params.id, request.body.status),
  );

  app.post(
    '/admin/reports/:id/reply',
    {
      config: { access: 'editor' },
      schema: {
        params: reportParamsSchema,
        body: reportReplySchema,
        response: { 200: reportActionResponseSchema },
      },
    },
    async (request) =>
      triage.reply(signedIn(request).user, request.params.id, request.body.mensagem),
  );

  app.get(
    '/me/error-reports',
    { config: { access: 'user' }, schema: { response: { 200: myReportsSchema } } },
    async (request) => triage.mine(signedIn(request).user.id),
  );
};
