import type { ModulePlugin } from '@/lib/module-plugin';
import { aiRoutes } from './ai.routes';
import type { AiService } from './ai.service';

export const aiModule: ModulePlugin<{ ai: AiService }> = async (api, { ai }) => {
  await api.register(aiRoutes, { ai });
};
