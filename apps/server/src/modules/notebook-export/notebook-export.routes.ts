import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { cadernoRequestSchema } from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { ExportFile, NotebookExportService } from './notebook-export.service';

function download(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** The notebook's downloads are Premium, as the notebook is (docs/product-rules.md). */
export const notebookExportRoutes: FastifyPluginAsyncZod<{
  notebookExport: NotebookExportService;
}> = async (app, { notebookExport }) => {
  app.get('/me/review/export/csv', { config: { access: 'premium' } }, async (request, reply) =>
    download(reply, await notebookExport.csv(signedIn(request).user.id)),
  );

  app.get('/me/review/export/anki', { config: { access: 'premium' } }, async (request, reply) =>
    download(reply, await notebookExport.anki(signedIn(request).user.id)),
  );

  app.post(
    '/me/review/export/caderno',
    { config: { access: 'premium' }, schema: { body: cadernoRequestSchema } },
    async (request, reply) =>
      download(reply, await notebookExport.caderno(signedIn(request).user.id, request.body)),
  );
};
