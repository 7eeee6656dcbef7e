import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { Mailer } from './mailer';
import { outboxRoutes } from './outbox.routes';

/** The development outbox's page, outside /api, when there is no SMTP server (not in production). */
export const mailModule: ModulePlugin<{ db: Database; mailer: Mailer; config: AppConfig }> = async (
  app,
  { db, mailer, config },
) => {
  if (config.nodeEnv === 'production' || mailer.kind !== 'outbox') return;
  await app.register(outboxRoutes, { db, trustProxy: config.trustProxy });
};
