import type { AppConfig } from '@/config';
import type { DatabaseHandle } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import { operatorRoutes } from './operator.routes';

/** Only on the server that holds the embedded database (`operatorToken`). */
export const operatorModule: ModulePlugin<{
  database: DatabaseHandle;
  operatorToken: string | undefined;
  config: AppConfig;
}> = async (api, { database, operatorToken, config }) => {
  if (!operatorToken) return;
  await api.register(operatorRoutes, { database, operatorToken, config });
};
