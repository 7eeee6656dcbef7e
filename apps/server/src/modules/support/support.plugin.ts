import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { Mailer } from '@/modules/mail';
import { helpInboxRoutes } from './help-inbox.routes';
import { createHelpInboxService } from './help-inbox.service';
import { supportRoutes } from './support.routes';
import type { SupportService } from './support.service';

export const supportModule: ModulePlugin<{
  db: Database;
  mailer: Mailer;
  support: SupportService;
}> = async (api, { db, mailer, support }) => {
  await api.register(supportRoutes, { support });
  await api.register(helpInboxRoutes, { inbox: createHelpInboxService({ db, mailer }) });
};
