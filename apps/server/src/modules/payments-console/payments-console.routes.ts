import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paymentActionResponseSchema,
  paymentDetailSchema,
  paymentPageSchema,
  paymentParamsSchema,
  paymentsQuerySchema,
  refundRequestSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { PaymentsConsoleService } from './payments-console.service';

/** The payments of the operations console; who may do what: docs/product-rules.md. */
export const paymentsConsoleRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsConsoleService;
}> = async (app, { payments }) => {
  app.get(
    '/admin/payments',
    {
      config: { access: 'support' },
      schema: { querystring: paymentsQuerySchema, response: { 200: paymentPageSchema } },
    },
    async (request) => payments.list(request.query),
  );

  app.get(
    '/admin/payments/:id',
    {
      config: { access: 'support' },
      schema: { params: paymentParamsSchema, response: { 200: paymentDetailSchema } },
    },
    async (request) => payments.detail(request.params.id),
  );

  app.post(
    '/admin/payments/:id/reconcile',
    {
      config: { access: 'support' },
      schema: { params: paymentParamsSchema, response: { 200: paymentActionResponseSchema } },
    },
    async (request) => payments.reconcile(signedIn(request).user, request.params.id),
  );

  app.post(
    '/admin/payments/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        params: paymentParamsSchema,
        body: refundRequestSchema,
        response: { 200: paymentActionResponseSchema },
      },
    },
    async (request) =>
      payments.refund(signedIn(request).user, request.params.id, request.body.motivo),
  );
};
