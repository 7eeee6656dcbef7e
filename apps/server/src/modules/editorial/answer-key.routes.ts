import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerKeyPreviewSchema, answerKeyRequestSchema, examParamsSchema } from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { AnswerKeyService } from './answer-key.service';

export const answerKeyRoutes: FastifyPluginAsyncZod<{ answerKey: AnswerKeyService }> = async (
  app,
  { answerKey },
) => {
  const schema = {
    params: examParamsSchema,
    body: answerKeyRequestSchema,
    response: { 200: answerKeyPreviewSchema },
  };

  app.post(
    '/admin/exams/:examId/answer-key/preview',
    { config: { access: 'editor' }, schema },
    async (request) => answerKey.preview(request.params.examId, request.body.changes),
  );

  app.post(
    '/admin/exams/:examId/answer-key/apply',
    { config: { access: 'editor' }, schema },
    async (request) =>
      answerKey.apply(signedIn(request).user, request.params.examId, request.body.changes),
  );
};
