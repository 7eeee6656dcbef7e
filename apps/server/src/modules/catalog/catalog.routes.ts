import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disciplineParamsSchema,
  disciplineQuestionsQuerySchema,
  disciplineQuestionsResponseSchema,
  disciplinesResponseSchema,
  examDetailResponseSchema,
  examParamsSchema,
  examSearchQuerySchema,
  examFiltersSchema,
  examSearchResponseSchema,
  imageParamsSchema,
  questionDetailSchema,
  questionFacetsResponseSchema,
  questionParamsSchema,
  questionSearchQuerySchema,
  questionSearchResponseSchema,
} from '@gabarita/shared';
import { AppError } from '@/lib/errors';
import type { CatalogService } from './catalog.service';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The catalogue is open to visitors; signed-in users get their history marks merged in. */
const open = { access: 'public' } as const;
/** Reads that carry ETags and, for visitors, may be cached (plugins/http-caching.ts). */
const read = { access: 'public', catalogRead: true } as const;

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  const userId = (request: { session: { user: { id: string } } | null }) =>
    request.session?.user.id ?? null;

  app.get(
    '/exams',
    {
      config: read,
      schema: { querystring: examSearchQuerySchema, response: { 200: examSearchResponseSchema } },
    },
    async (request, reply) => {
      const { cursor, ...filters } = request.query;
      const body = await catalog.searchExamsJson(filters, cursor, userId(request));
      // Already JSON, checked against the response schema when it was built: Fastify sends a
      // string as it is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/exams/:examId',
    {
      config: read,
      schema: {
        params: examParamsSchema,
        response: { 200: examDetailResponseSchema },
      },
    },
    async (request) => catalog.getExam(request.params.examId, userId(request)),
  );

  app.get(
    '/disciplines',
    { config: read, schema: { response: { 200: disciplinesResponseSchema } } },
    async () => ({
      disciplines: await catalog.getDisciplines(),
    }),
  );

  app.get(
    '/disciplines/:code/questions',
    {
      config: read,
      schema: {
        params: disciplineParamsSchema,
        querystring: disciplineQuestionsQuerySchema,
        response: { 200: disciplineQuestionsResponseSchema },
      },
    },
    async (request) =>
      catalog.getDisciplineQuestions(
        request.params.code,
        request.query.assunto,
        request.query.cursor,
        userId(request),
        request.query.ocultarDesatualizadas === 'true',
      ),
  );

  app.get(
    '/questions/facets',
    {
      config: read,
      schema: { querystring: examFiltersSchema, response: { 200: questionFacetsResponseSchema } },
    },
    async (request) => catalog.questionFacets(request.query),
  );

  app.get(
    '/questions/search',
    {
      config: open,
      schema: {
        querystring: questionSearchQuerySchema,
        response: { 200: questionSearchResponseSchema },
      },
    },
    async (request) => {
      const { cursor, ...filters } = request.query;
      return catalog.searchQuestions(filters, cursor, userId(request));
    },
  );

  app.get(
    '/questions/:id',
    {
      config: read,
      schema: {
        params: questionParamsSchema,
        response: { 200: questionDetailSchema },
      },
    },
    async (request, reply) => {
      const body = await catalog.getQuestionJson(request.params.id, userId(request));
      // Already JSON, checked against the response schema when it was built.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  // Versioned URLs: cache for long. An SVG opened on its own may not run or load anything; it
  // may draw the pictures it embeds (data: URIs, re-encoded at import).
  const sendImage = (reply: FastifyReply, contentType: string, content: Buffer) =>
    reply
      .type(contentType)
      .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .header(
        'content-security-policy',
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
      )
      .header('x-content-type-options', 'nosniff')
      .send(content);

  app.get(
    '/images/:assetId',
    { config: open, schema: { params: imageParamsSchema } },
    async (request, reply) => {
      const image = await catalog.getImage(request.params.assetId);
      if (!image) throw AppError.common('request/not-found', 404);
      return sendImage(reply, image.contentType, image.content);
    },
  );

  /** The original of a re-encoded image (the full-screen view); the image itself otherwise. */
  app.get(
    '/images/:assetId/original',
    { config: open, schema: { params: imageParamsSchema } },
    async (request, reply) => {
      const image = await catalog.getImage(request.params.assetId);
      if (!image) throw AppError.common('request/not-found', 404);
      return image.zoomContent && image.zoomContentType
        ? sendImage(reply, image.zoomContentType, image.zoomContent)
        : sendImage(reply, image.contentType, image.content);
    },
  );
};
