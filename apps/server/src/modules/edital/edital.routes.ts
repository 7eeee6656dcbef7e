import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EDITAL_LIMITS,
  editalCreateSchema,
  editalDetailSchema,
  editalListResponseSchema,
  editalParamsSchema,
  editalPdfTextResponseSchema,
  editalUpdateSchema,
  syllabusPreviewRequestSchema,
  syllabusPreviewResponseSchema,
} from '@gabarita/shared';
import { editalErrors } from '@/lib/app-errors';
import { readUploadedFile } from '@/lib/multipart-upload';
import { signedIn } from '@/plugins/access';
import type { EditalService } from './edital.service';

/**
 * Room for the text limit in JSON: 300,000 characters of up to 3 UTF-8 bytes, escapes included,
 * so a text a little over it reaches the schema and gets the edital's own message.
 */
const TEXT_BODY_LIMIT = 4 * 1024 * 1024;

export const editalRoutes: FastifyPluginAsyncZod<{ editais: EditalService }> = async (
  app,
  { editais },
) => {
  app.post(
    '/me/editais/pdf',
    {
      config: { access: 'user' },
      bodyLimit: EDITAL_LIMITS.pdfMaxBytes + 1024 * 1024,
      schema: { response: { 200: editalPdfTextResponseSchema } },
    },
    async (request) => {
      const bytes = await readUploadedFile(
        request,
        { maxBytes: EDITAL_LIMITS.pdfMaxBytes },
        {
          missing: editalErrors.pdfMissing,
          tooLarge: editalErrors.pdfTooLarge,
          malformed: editalErrors.pdfUploadIncomplete,
        },
        (file) => file.toBuffer(),
      );
      return editais.pdfText(signedIn(request).user.id, bytes);
    },
  );

  app.post(
    '/me/editais/previa',
    {
      config: { access: 'user' },
      bodyLimit: TEXT_BODY_LIMIT,
      schema: {
        body: syllabusPreviewRequestSchema,
        response: { 200: syllabusPreviewResponseSchema },
      },
    },
    async (request) => editais.preview(signedIn(request).user.id, request.body.text),
  );

  app.get(
    '/me/editais',
    { config: { access: 'user' }, schema: { response: { 200: editalListResponseSchema } } },
    async (request) => editais.list(signedIn(request).user.id),
  );

  app.post(
    '/me/editais',
    {
      config: { access: 'user' },
      bodyLimit: TEXT_BODY_LIMIT,
      schema: { body: editalCreateSchema, response: { 201: editalDetailSchema } },
    },
    async (request, reply) => {
      const edital = await editais.create(signedIn(request).user.id, request.body);
      return reply.status(201).send(edital);
    },
  );

  app.get(
    '/me/editais/:id',
    {
      config: { access: 'user' },
      schema: { params: editalParamsSchema, response: { 200: editalDetailSchema } },
    },
    async (request) => editais.get(signedIn(request).user.id, request.params.id),
  );

  app.patch(
    '/me/editais/:id',
    {
      config: { access: 'user' },
      schema: {
        params: editalParamsSchema,
        body: editalUpdateSchema,
        response: { 200: editalDetailSchema },
      },
    },
    async (request) => editais.update(signedIn(request).user.id, request.params.id, request.body),
  );

  app.delete(
    '/me/editais/:id',
    { config: { access: 'user' }, schema: { params: editalParamsSchema } },
    async (request, reply) => {
      await editais.remove(signedIn(request).user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
