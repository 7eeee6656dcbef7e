import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTENT_UPLOAD_MAX_BYTES,
  contentCheckSchema,
  contentUploadQuerySchema,
} from '@gabarita/shared';
import { contentUploadErrors } from '@/lib/app-errors';
import { readUploadedFile } from '@/lib/multipart-upload';
import { progressEvents } from '@/lib/progress-events';
import { sendEvents } from '@/lib/sse';
import { signedIn } from '@/plugins/access';
import type { BrowserImportService } from './browser-import.service';

export const browserImportRoutes: FastifyPluginAsyncZod<{ imports: BrowserImportService }> = async (
  app,
  { imports },
) => {
  // Not awaited: a large leftover must not hold up the start.
  app.addHook('onReady', async () => {
    imports.removeAbandonedUploads().then(
      (removed) => {
        if (removed > 0) app.log.info({ removed }, 'pastas de importações interrompidas removidas');
      },
      (error: unknown) => app.log.warn({ err: error }, 'falha ao remover pastas de importações'),
    );
  });

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
      const catalog = await readUploadedFile(
        request,
        { maxBytes: CONTENT_UPLOAD_MAX_BYTES },
        {
          missing: contentUploadErrors.missingFile,
          tooLarge: contentUploadErrors.tooLarge,
          malformed: contentUploadErrors.uploadIncomplete,
        },
        (file) => imports.receive(file),
      );
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
