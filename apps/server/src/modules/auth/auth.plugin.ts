import type { AppConfig } from '@/config';
import type { ModulePlugin } from '@/lib/module-plugin';
import { authRoutes } from './auth.routes';
import type { AuthService } from './auth.service';
import { googleRoutes } from './google.routes';
import type { GoogleSignIn } from './google.service';

export const authModule: ModulePlugin<{
  auth: AuthService;
  google: GoogleSignIn | undefined;
  config: AppConfig;
  secureCookies: boolean;
}> = async (api, { auth, google, config, secureCookies }) => {
  await api.register(authRoutes, { auth, googleEnabled: Boolean(google), secureCookies });
  if (google) await api.register(googleRoutes, { google, appUrl: config.appUrl, secureCookies });
};
