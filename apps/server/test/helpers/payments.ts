import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@/config';
import { send } from './accounts';
import type { FakeMercadoPago } from './fake-mercado-pago';

export const PAYER = { firstName: 'Maria', lastName: 'Candidata', cpf: '529.982.247-25' };

/** The app's configuration for Mercado Pago at the fake's address. */
export function mercadoPagoConfig(
  fake: FakeMercadoPago,
  overrides: { timeoutMs?: number; reconcileIntervalMs?: number } = {},
): Pick<AppConfig, 'pix'> {
  return {
    pix: {
      provider: 'mercadopago',
      accessToken: fake.accessToken,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
      timeoutMs: overrides.timeoutMs ?? 10_000,
      webhookToleranceSeconds: 3600,
      reconcileIntervalMs: overrides.reconcileIntervalMs ?? 60_000,
    },
  };
}

export function buy(
  app: FastifyInstance,
  cookie: string,
  product: { productId: string; productType: 'plan' | 'package' } = {
    productId: 'mensal',
    productType: 'plan',
  },
) {
  return send(app, 'POST', '/api/payments', { ...product, payer: PAYER }, cookie);
}

/** Posts a notification to the webhook as the provider does (no cookie, no Origin). */
export function deliver(
  app: FastifyInstance,
  notification: { url: string; headers: Record<string, string>; payload: unknown },
) {
  return app.inject({
    method: 'POST',
    url: notification.url,
    headers: notification.headers,
    payload: notification.payload as Record<string, unknown>,
  });
}
