import type { AppConfig } from '@/config';
import type { ModulePlugin } from '@/lib/module-plugin';
import { billingRoutes } from './billing.routes';
import type { BillingService } from './billing.service';
import type { createPixProvider } from './pix/providers';
import { sandboxRoutes } from './sandbox.routes';

/** The purchase routes, under /api. */
export const billingModule: ModulePlugin<{ billing: BillingService }> = async (api, deps) => {
  await api.register(billingRoutes, { billing: deps.billing });
};

/**
 * The sandbox's payment page, outside /api (sandbox.routes.ts), while the sandbox provider is
 * active.
 */
export const billingSandboxModule: ModulePlugin<{
  billing: BillingService;
  pixProvider: ReturnType<typeof createPixProvider>;
  config: AppConfig;
}> = async (app, { billing, pixProvider, config }) => {
  if (pixProvider.name !== 'sandbox') return;
  await app.register(sandboxRoutes, {
    billing,
    sandbox: pixProvider,
    appUrl: config.appUrl,
    clients:
      config.pix.provider === 'sandbox' && config.pix.publicDemonstration
        ? 'everyone'
        : { local: config.trustProxy },
  });
};
