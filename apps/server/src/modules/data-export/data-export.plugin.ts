import type { ModulePlugin } from '@/lib/module-plugin';
import { dataExportRoutes } from './data-export.routes';
import type { DataExportService } from './data-export.service';

export const dataExportModule: ModulePlugin<{ dataExports: DataExportService }> = async (
  api,
  { dataExports },
) => {
  await api.register(dataExportRoutes, { exports: dataExports });
};
