import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import { createMercadoPagoProvider, type MercadoPagoProvider } from './mercadopago-provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider';

/** The provider the configuration names (PIX_PROVIDER), with the sandbox as the default. */
export function createPixProvider(
  config: Pick<AppConfig, 'pix' | 'appUrl'>,
  db: Database,
): SandboxProvider | MercadoPagoProvider {
  const pix = config.pix;
  if (pix.provider === 'sandbox') return createSandboxProvider(db);
  return createMercadoPagoProvider({
    ...pix,
    // Mercado Pago only calls public https addresses; otherwise the panel's URL is used.
    notificationUrl: config.appUrl.startsWith('https:')
      ? `${config.appUrl}/api/webhooks/mercadopago`
      : undefined,
  });
}

/** The longest one provider call may take, retry included. */
export function providerCallMs(config: Pick<AppConfig, 'pix'>): number {
  return config.pix.provider === 'sandbox' ? 1000 : 2 * config.pix.timeoutMs + 250;
}
