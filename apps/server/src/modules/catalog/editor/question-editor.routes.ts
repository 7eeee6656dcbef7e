import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  questionEditingSchema,
  questionParamsSchema,
  questionRestoreSchema,
  questionSaveResponseSchema,
  questionSaveSchema,
  questionVersionDetailSchema,
  questionVersionParamsSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { QuestionEditorService } from './question-editor.service';

export const questionEditorRoutes: FastifyPluginAsyncZod<{
  editor: QuestionEditorService;
}> = async (app, { editor }) => {
  app.get(
    '/admin/questions/:id',
    {
      config: { access: 'editor' },
      schema: { params: questionParamsSchema, response: { 200: questionEditingSchema } },
    },
    async (request) => editor.editing(request.params.id),
  );

  app.put(
    '/admin/questions/:id',
    {
      config: { access: 'editor' },
      // A question with long reference texts and formulas is larger than the default body limit.
      bodyLimit: 1024 * 1024,
      schema: {
        params: questionParamsSchema,
        body: questionSaveSchema,
        response: { 200: questionSaveResponseSchema },
      },
    },
    async (request) =>
      editor.save(
        signedIn(request).user,
        request.params.id,
        request.body.snapshot,
        request.body.baseVersion,
      ),
  );

  app.get(
    '/admin/questions/:id/versions/:version',
    {
      config: { access: 'editor' },
      schema: {
        params: questionVersionParamsSchema,
        response: { 200: questionVersionDetailSchema },
      },
    },
    async (request) => editor.version(request.params.id, request.params.version),
  );

  app.post(
    '/admin/questions/:id/versions/:version/restore',
    {
      config: { access: 'editor' },
      schema: {
        params: questionVersionParamsSchema,
        body: questionRestoreSchema,
        response: { 200: questionSaveResponseSchema },
      },
    },
    async (request) =>
      editor.restore(
        signedIn(request).user,
        request.params.id,
        request.params.version,
        request.body.baseVersion,
      ),
  );
};
