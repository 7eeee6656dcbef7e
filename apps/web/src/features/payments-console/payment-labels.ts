import type { PAYMENT_CONSOLE_PROVIDERS } from '@gabarita/shared';

export const PROVIDER_NAMES: Record<(typeof PAYMENT_CONSOLE_PROVIDERS)[number], string> = {
  mercadopago: 'Mercado Pago',
  sandbox: 'Sandbox',
};
