import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flashcardFromQuestionSchema,
  flashcardInputSchema,
  flashcardListResponseSchema,
  flashcardParamsSchema,
  flashcardSchema,
  retentionResponseSchema,
  reviewCountResponseSchema,
  reviewQueueResponseSchema,
  reviewRequestSchema,
  reviewResultSchema,
  reviewSettingsSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { ReviewQueueService } from './review.service';

/**
 * The review queue and the flashcards are Premium, as the notebook they come from
 * (docs/product-rules.md, "Review"); the desired retention and the retention figures are the
 * account's own.
 */
export const reviewQueueRoutes: FastifyPluginAsyncZod<{ reviews: ReviewQueueService }> = async (
  app,
  { reviews },
) => {
  app.get(
    '/me/review/today',
    { config: { access: 'premium' }, schema: { response: { 200: reviewQueueResponseSchema } } },
    async (request) => reviews.today(signedIn(request).user.id),
  );

  app.get(
    '/me/review/today/count',
    { config: { access: 'premium' }, schema: { response: { 200: reviewCountResponseSchema } } },
    async (request) => reviews.todayCount(signedIn(request).user.id),
  );

  app.post(
    '/me/review/reviews',
    {
      config: { access: 'premium' },
      schema: { body: reviewRequestSchema, response: { 200: reviewResultSchema } },
    },
    async (request) => reviews.review(signedIn(request).user.id, request.body),
  );

  app.get(
    '/me/review/settings',
    { config: { access: 'user' }, schema: { response: { 200: reviewSettingsSchema } } },
    async (request) => reviews.settings(signedIn(request).user.id),
  );

  app.put(
    '/me/review/settings',
    {
      config: { access: 'user' },
      schema: { body: reviewSettingsSchema, response: { 200: reviewSettingsSchema } },
    },
    async (request) =>
      reviews.saveSettings(signedIn(request).user.id, request.body.desiredRetention),
  );

  app.get(
    '/me/review/retention',
    { config: { access: 'user' }, schema: { response: { 200: retentionResponseSchema } } },
    async (request) => reviews.retention(signedIn(request).user.id),
  );

  app.get(
    '/me/flashcards',
    { config: { access: 'premium' }, schema: { response: { 200: flashcardListResponseSchema } } },
    async (request) => reviews.flashcards(signedIn(request).user.id),
  );

  app.post(
    '/me/flashcards',
    {
      config: { access: 'premium' },
      schema: { body: flashcardInputSchema, response: { 201: flashcardSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reviews.createFlashcard(signedIn(request).user.id, request.body)),
  );

  app.post(
    '/me/flashcards/from-question',
    {
      config: { access: 'premium' },
      schema: { body: flashcardFromQuestionSchema, response: { 201: flashcardSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reviews.createFromQuestion(signedIn(request).user.id, request.body.questionId)),
  );

  app.put(
    '/me/flashcards/:id',
    {
      config: { access: 'premium' },
      schema: {
        params: flashcardParamsSchema,
        body: flashcardInputSchema,
        response: { 200: flashcardSchema },
      },
    },
    async (request) =>
      reviews.updateFlashcard(signedIn(request).user.id, request.params.id, request.body),
  );

  app.delete(
    '/me/flashcards/:id',
    { config: { access: 'premium' }, schema: { params: flashcardParamsSchema } },
    async (request, reply) => {
      await reviews.deleteFlashcard(signedIn(request).user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
