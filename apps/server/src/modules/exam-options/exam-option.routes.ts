import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  examOptionChoiceRequestSchema,
  examOptionChoiceResponseSchema,
  examParamsSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { ExamOptionService } from './exam-option.service';

export const examOptionRoutes: FastifyPluginAsyncZod<{ examOptions: ExamOptionService }> = async (
  app,
  { examOptions },
) => {
  app.put(
    '/exams/:examId/opcao',
    {
      config: { access: 'user' },
      schema: {
        params: examParamsSchema,
        body: examOptionChoiceRequestSchema,
        response: { 200: examOptionChoiceResponseSchema },
      },
    },
    async (request) =>
      examOptions.choose(signedIn(request), request.params.examId, request.body.opcao),
  );
};
