import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DataExportService } from './data-export.service';

export const dataExportRoutes: FastifyPluginAsyncZod<{ exports: DataExportService }> = async (
  app,
  { exports },
) => {
  void app;
  void exports;
};
