import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataExportParamsSchema,
  dataExportSchema,
  dataExportsResponseSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { DataExportService } from './data-export.service';

export const dataExportRoutes: FastifyPluginAsyncZod<{ exports: DataExportService }> = async (
  app,
  { exports },
) => {
  app.post(
    '/me/data-exports',
    { config: { access: 'verified' }, schema: { response: { 202: dataExportSchema } } },
    async (request, reply) =>
      reply.status(202).send(await exports.request(signedIn(request).user.id)),
  );

  app.get(
    '/me/data-exports',
    { config: { access: 'user' }, schema: { response: { 200: dataExportsResponseSchema } } },
    async (request) => exports.list(signedIn(request).user.id),
  );

  app.get(
    '/me/data-exports/:id/file',
    { config: { access: 'user' }, schema: { params: dataExportParamsSchema } },
    async (request, reply) => {
      const file = await exports.file(signedIn(request).user.id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
