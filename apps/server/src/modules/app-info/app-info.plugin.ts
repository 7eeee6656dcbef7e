import type { AppInfoResponse } from '@gabarita/shared';
import type { AppConfig } from '@/config';
import type { ModulePlugin } from '@/lib/module-plugin';
import { appInfoRoutes } from './app-info.routes';

export const appInfoModule: ModulePlugin<{
  config: AppConfig;
  ai: { tutorInfo: AppInfoResponse['tutor'] };
}> = async (api, { config, ai }) => {
  await api.register(appInfoRoutes, {
    info: {
      supportEmail: config.supportEmail ?? null,
      tutor: ai.tutorInfo,
      privacyEmail: config.privacyEmail ?? null,
      retentionDays: {
        aiChats: config.retention.aiChatDays,
        devOutbox: config.retention.outboxDays,
        dataExports: 1,
      },
    },
  });
};
