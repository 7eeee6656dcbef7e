import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTENT_UPLOAD_MAX_BYTES,
  contentCheckSchema,
  contentUploadQuerySchema,
} from '@gabarita/shared';
import type { FastifyRequest } from 'fastify';
import { contentUploadErrors } from '@/lib/app-errors';
import { AppError } from '@/lib/errors';
import { progressEvents } from '@/lib/progress-events';
import { sendEvents } from '@/lib/sse';
import { signedIn } from '@/plugins/access';
import type { BrowserImportService } from './browser-import.service';

/** The one .zip of the upload, limited in size as it arrives. */
async function uploadedZip(request: FastifyRequest) {
  try {
    const file = await request.file({ limits: { fileSize: CONTENT_UPLOAD_MAX_BYTES, files: 1 } });
    if (!file) throw contentUploadErrors.missingFile();
    return file;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw contentUploadErrors.missingFile();
    }
    throw error;
  }
}

export const browserImportRoutes: FastifyPluginAsyncZod<{ imports: BrowserImportService }> = async (
  app,
  { imports },
) => {
  app.post(
    '/admin/imports',
    {
      config: { access: 'editor' },
      // The file is streamed to disk, limited by the multipart reader, not held in memory.
      bodyLimit: CONTENT_UPLOAD_MAX_BYTES + 1024 * 1024,
      schema: { querystring: contentUploadQuerySchema, response: { 200: contentCheckSchema } },
    },
    async (request, reply) => {
      const options = {
        acceptDrafts: request.query.aceitarRascunhos === '1',
        overwriteEdits: request.query.sobrescreverEdicoes === '1',
        renameDisciplines: request.query.renomearDisciplinas === '1',
        allowRemovals: request.query.permitirRemocoes === '1',
      };
      const catalog = await imports.receive(await uploadedZip(request));
      if (request.query.verificar === '1') {
        try {
          return await imports.check(catalog, options);
        } finally {
          await catalog.discard();
        }
      }
      const editor = signedIn(request).user;
      return sendEvents(
        reply,
        progressEvents(
          (progress) =>
            imports.run(editor, catalog, options, progress).finally(() => catalog.discard()),
          (lines) => ({ output: lines }),
          (error) => request.log.error({ err: error }, 'importação pelo navegador falhou'),
        ),
      );
    },
  );
};
