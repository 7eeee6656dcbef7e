import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkAnswerRequestSchema,
  checkAnswerResponseSchema,
  historySummaryResponseSchema,
  PERFORMANCE_MESSAGES,
  progressQuerySchema,
  progressResponseSchema,
  questionChecksResponseSchema,
  questionCommentaryResponseSchema,
  questionParamsSchema,
  questionStatsResponseSchema,
  reviewQuerySchema,
  reviewResponseSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { CommentaryService } from './commentary.service';
import type { PerformanceService } from './performance.service';
import type { ReviewService } from './review.service';
import type { StudyService } from './study.service';

export const studyRoutes: FastifyPluginAsyncZod<{
  study: StudyService;
  performance: PerformanceService;
  review: ReviewService;
  commentary: CommentaryService;
}> = async (app, { study, performance, review, commentary }) => {
  app.post(
    '/questions/:id/open',
    { config: { access: 'user' }, schema: { params: questionParamsSchema } },
    async (request, reply) => {
      await study.openQuestion(signedIn(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me/question-checks',
    { config: { access: 'user' }, schema: { response: { 200: questionChecksResponseSchema } } },
    async (request) => study.questionChecks(signedIn(request)),
  );

  app.get(
    '/me/history/summary',
    { config: { access: 'user' }, schema: { response: { 200: historySummaryResponseSchema } } },
    async (request) => performance.historySummary(signedIn(request)),
  );

  // Statistics over time are Premium, like the breakdown by discipline.
  app.get(
    '/me/history/progress',
    {
      config: { access: 'premium' },
      schema: { querystring: progressQuerySchema, response: { 200: progressResponseSchema } },
    },
    async (request) => performance.progress(signedIn(request), request.query.by),
  );

  app.delete(
    '/me/history',
    {
      config: { access: 'user', unauthenticatedMessage: PERFORMANCE_MESSAGES.resetWithoutUser },
    },
    async (request, reply) => {
      await performance.resetHistory(signedIn(request).user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/questions/:id/check',
    {
      config: { access: 'user' },
      schema: {
        params: questionParamsSchema,
        body: checkAnswerRequestSchema,
        response: { 200: checkAnswerResponseSchema },
      },
    },
    async (request) => study.checkAnswer(signedIn(request), request.params.id, request.body.letter),
  );

  app.get(
    '/questions/:id/stats',
    {
      config: { access: 'user' },
      schema: { params: questionParamsSchema, response: { 200: questionStatsResponseSchema } },
    },
    async (request) => study.questionStats(signedIn(request).user.id, request.params.id),
  );

  app.get(
    '/questions/:id/commentary',
    {
      config: { access: 'user' },
      schema: {
        params: questionParamsSchema,
        response: { 200: questionCommentaryResponseSchema },
      },
    },
    async (request) => commentary.commentaryFor(signedIn(request), request.params.id),
  );

  // The mistakes notebook is a Premium feature (docs/product-rules.md, "Mistakes notebook").
  app.get(
    '/me/review',
    {
      config: { access: 'premium' },
      schema: { querystring: reviewQuerySchema, response: { 200: reviewResponseSchema } },
    },
    async (request) => review.notebook(signedIn(request).user.id, request.query),
  );
};
