import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReportRequestSchema,
  helpRequestSchema,
  SUPPORT_MESSAGES,
  supportResponseSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { SupportService } from './support.service';

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (
  app,
  { support },
) => {
  app.post(
    '/help-requests',
    {
      // Signed in with a verified e-mail (docs/product-rules.md), one message for both refusals.
      config: {
        access: 'verified',
        unauthenticatedMessage: SUPPORT_MESSAGES.helpNotAllowed,
        forbiddenMessage: SUPPORT_MESSAGES.helpNotAllowed,
      },
      schema: { body: helpRequestSchema, response: { 201: supportResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await support.submitHelpRequest(
            signedIn(request).user,
            request.body.mensagem,
            request.ip,
          ),
        ),
  );

  app.post(
    '/error-reports',
    {
      config: { access: 'user', unauthenticatedMessage: SUPPORT_MESSAGES.reportSignInHint },
      schema: { body: errorReportRequestSchema, response: { 201: supportResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await support.submitErrorReport(signedIn(request).user, request.body, request.ip)),
  );
};
