import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { ModulePlugin } from '@/lib/module-plugin';
import type { AuthService } from '@/modules/auth';
import type { Mailer } from '@/modules/mail';
import type { TokenLedger } from '@/modules/tokens';
import { accountsConsoleRoutes } from './accounts-console.routes';
import { createAccountsConsoleService } from './accounts-console.service';

export const accountsConsoleModule: ModulePlugin<{
  db: Database;
  auth: AuthService;
  ledger: TokenLedger;
  mailer: Mailer;
  config: AppConfig;
}> = async (api, { config, ...deps }) => {
  await api.register(accountsConsoleRoutes, {
    accounts: createAccountsConsoleService({
      ...deps,
      supportPackageLimit: config.supportTokenGrantPackages,
    }),
  });
};
