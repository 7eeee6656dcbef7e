import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentRequestSchema,
  createPaymentResponseSchema,
  optionalText,
  paymentResponseSchema,
  plansResponseSchema,
  purchaseHistorySchema,
  purchaseIdSchema,
} from '@gabarita/shared';
import { sendEvents, untilClientLeaves } from '@/lib/sse';
import { signedIn } from '@/plugins/access';
import type { BillingService } from './billing.service';

const purchaseParams = z.object({ id: purchaseIdSchema });

/** Mercado Pago's notification: `?data.id=…&type=payment`, the same in the body. */
const notificationQuery = z.object({
  'data.id': optionalText(100),
  type: optionalText(50),
});
/** Nothing in the body is trusted or required: the charge is read from the provider. */
function typeInBody(body: unknown): string | undefined {
  const type = (body as { type?: unknown } | null | undefined)?.type;
  return typeof type === 'string' ? type : undefined;
}

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  // Prices are public; a signed-in caller also sees what they have now.
  app.get(
    '/plans',
    { config: { access: 'public' }, schema: { response: { 200: plansResponseSchema } } },
    async (request) => billing.plans(request.session?.user.id ?? null),
  );

  // Buying needs a confirmed e-mail: it is the payer's contact at the provider.
  app.post(
    '/payments',
    {
      config: { access: 'verified' },
      schema: { body: createPaymentRequestSchema, response: { 201: createPaymentResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await billing.createPayment(signedIn(request).user, request.body, request.ip)),
  );

  app.get(
    '/payments/:id',
    {
      config: { access: 'user' },
      schema: { params: purchaseParams, response: { 200: paymentResponseSchema } },
    },
    async (request) => billing.payment(signedIn(request).user, request.params.id),
  );

  app.get(
    '/payments/:id/events',
    { config: { access: 'user' }, schema: { params: purchaseParams } },
    async (request, reply) => {
      const signal = untilClientLeaves(reply);
      const events = await billing.paymentEvents(signedIn(request).user, request.params.id, signal);
      return sendEvents(reply, events);
    },
  );

  app.get(
    '/me/purchases',
    { config: { access: 'user' }, schema: { response: { 200: purchaseHistorySchema } } },
    async (request) => billing.history(signedIn(request).user.id),
  );

  // Public to the access check: the provider's signature is its credential, checked inside.
  app.post(
    '/webhooks/mercadopago',
    {
      config: { access: 'public' },
      schema: {
        querystring: notificationQuery,
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      await billing.handleNotification({
        headers: request.headers,
        dataId: request.query['data.id'],
        type: request.query.type ?? typeInBody(request.body),
      });
      return { received: true as const };
    },
  );
};
