import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  IMAGE_REPLACE_MAX_BYTES,
  imageParamsSchema,
  imageReplaceResponseSchema,
  questionEditingSchema,
  questionParamsSchema,
  questionRestoreSchema,
  questionSaveResponseSchema,
  questionSaveSchema,
  questionVersionDetailSchema,
  questionVersionParamsSchema,
} from '@gabarita/shared';
import { editorErrors } from '@/lib/app-errors';
import { readUploadedFile } from '@/lib/multipart-upload';
import { signedIn } from '@/plugins/access';
import type { ImageReplacementService } from './image-replacement.service';
import type { QuestionEditorService } from './question-editor.service';

/** The one image file of an upload, read whole (the importer's limit is 10 MB). */
function uploadedImage(request: FastifyRequest) {
  return readUploadedFile(
    request,
    { maxBytes: IMAGE_REPLACE_MAX_BYTES },
    {
      missing: editorErrors.imageMissing,
      tooLarge: editorErrors.imageTooLarge,
      malformed: editorErrors.imageUploadIncomplete,
    },
    async (file) => ({ filename: file.filename, content: await file.toBuffer() }),
  );
}

export const questionEditorRoutes: FastifyPluginAsyncZod<{
  editor: QuestionEditorService;
  images: ImageReplacementService;
}> = async (app, { editor, images }) => {
  app.put(
    '/admin/images/:assetId',
    {
      config: { access: 'editor' },
      bodyLimit: IMAGE_REPLACE_MAX_BYTES + 1024 * 1024,
      schema: { params: imageParamsSchema, response: { 200: imageReplaceResponseSchema } },
    },
    async (request) =>
      images.replace(signedIn(request).user, request.params.assetId, await uploadedImage(request)),
  );

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
