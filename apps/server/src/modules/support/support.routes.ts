import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReportRequestSchema,
  helpRequestSchema,
  supportResponseSchema,
} from '@gabarita/shared';
import type { SupportService } from './support.service';

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (
  app,
  { support },
) => {
  app.post(
    '/help-requests',
    { schema: { body: helpRequestSchema, response: { 201: supportResponseSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await support.submitHelpRequest(request.session, request.body.mensagem, request.ip)),
  );

  app.post(
    '/error-reports',
    { schema: { body: errorReportRequestSchema, response: { 201: supportResponseSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await support.submitErrorReport(request.session, request.body, request.ip)),
  );
};
