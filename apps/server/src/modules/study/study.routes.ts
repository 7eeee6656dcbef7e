import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkAnswerRequestSchema,
  checkAnswerResponseSchema,
  historySummaryResponseSchema,
} from '@gabarita/shared';
import type { Database } from '../../db/client';
import { requireSession } from '../auth/session.plugin';
import { historySummary, resetHistory } from './performance.service';
import { checkAnswer, openQuestion } from './study.service';

const params = z.object({ id: z.string().max(300) });

export const studyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post('/questions/:id/open', { schema: { params } }, async (request, reply) => {
    await openQuestion(db, requireSession(request), request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/me/history/summary',
    { schema: { response: { 200: historySummaryResponseSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await historySummary(db, requireSession(request))),
  );

  app.delete('/me/history', async (request, reply) => {
    await resetHistory(db, request.session);
    return reply.status(204).send();
  });

  app.post(
    '/questions/:id/check',
    {
      schema: {
        params,
        body: checkAnswerRequestSchema,
        response: { 200: checkAnswerResponseSchema },
      },
    },
    async (request) =>
      checkAnswer(db, requireSession(request), request.params.id, request.body.letter),
  );
};
