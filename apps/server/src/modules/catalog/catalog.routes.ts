import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disciplineQuestionsQuerySchema,
  disciplineQuestionsResponseSchema,
  disciplinesResponseSchema,
  examDetailResponseSchema,
  examSearchQuerySchema,
  examSearchResponseSchema,
  questionDetailSchema,
} from '@gabarita/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  getDisciplineQuestions,
  getDisciplines,
  getExam,
  getImage,
  getQuestion,
  searchExams,
} from './catalog.service';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const userId = (request: { session: { user: { id: string } } | null }) =>
    request.session?.user.id ?? null;

  app.get(
    '/exams',
    { schema: { querystring: examSearchQuerySchema, response: { 200: examSearchResponseSchema } } },
    async (request) => {
      const { cursor, ...filters } = request.query;
      return searchExams(db, filters, cursor, userId(request));
    },
  );

  app.get(
    '/exams/:examId',
    {
      schema: {
        params: z.object({ examId: z.string().max(200) }),
        response: { 200: examDetailResponseSchema },
      },
    },
    async (request) => getExam(db, request.params.examId, userId(request)),
  );

  app.get(
    '/disciplines',
    { schema: { response: { 200: disciplinesResponseSchema } } },
    async () => ({
      disciplines: await getDisciplines(db),
    }),
  );

  app.get(
    '/disciplines/:code/questions',
    {
      schema: {
        params: z.object({ code: z.string().max(100) }),
        querystring: disciplineQuestionsQuerySchema,
        response: { 200: disciplineQuestionsResponseSchema },
      },
    },
    async (request) =>
      getDisciplineQuestions(
        db,
        request.params.code,
        request.query.assunto,
        request.query.cursor,
        userId(request),
      ),
  );

  app.get(
    '/questions/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(300) }),
        response: { 200: questionDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getQuestion(db, request.params.id, userId(request))),
  );

  app.get(
    '/images/:assetId',
    { schema: { params: z.object({ assetId: z.string().max(200) }) } },
    async (request, reply) => {
      const image = await getImage(db, request.params.assetId);
      if (!image) throw AppError.common('request/not-found', 404);
      // Versioned URLs: cache for long. An SVG opened on its own may not run anything.
      return reply
        .type(image.contentType)
        .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(image.content);
    },
  );
};
