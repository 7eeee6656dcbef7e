import type { ModulePlugin } from '@/lib/module-plugin';
import { catalogRoutes } from './catalog.routes';
import type { CatalogService } from './catalog.service';

export const catalogModule: ModulePlugin<{ catalog: CatalogService }> = async (api, deps) => {
  await api.register(catalogRoutes, { catalog: deps.catalog });
};
