import { z } from 'zod';
import { verifyNotificationSignature } from './notification-signature';
import {
  type CreatedCharge,
  isProviderStatus,
  type NewCharge,
  type NotificationCheck,
  type PixProvider,
  ProviderError,
  type ProviderPayment,
} from './pix-provider';

/**
 * Mercado Pago's payments API over plain fetch. The official SDK fixes its base URL in a static
 * field, which would make the tests' loopback peer a process-wide patch; fetch with a configured
 * base URL is simpler and exact. Its webhook signature validator is used (notification-signature).
 */
export interface MercadoPagoSettings {
  accessToken: string;
  webhookSecret: string;
  apiUrl: string;
  timeoutMs: number;
  webhookToleranceSeconds: number;
  /** Where Mercado Pago should send notifications; absent: as configured in its panel. */
  notificationUrl?: string;
}

/** Mercado Pago accepts a PIX expiry from 30 minutes on; a minute more absorbs clock drift. */
export const PROVIDER_EXPIRY_MINUTES = 31;

const paymentSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  transaction_amount: z.number(),
  external_reference: z.string().nullish(),
  date_approved: z.string().nullish(),
  point_of_interaction: z
    .object({
      transaction_data: z
        .object({ qr_code: z.string().nullish(), qr_code_base64: z.string().nullish() })
        .nullish(),
    })
    .nullish(),
});
type MercadoPagoPayment = z.infer<typeof paymentSchema>;

/** POST /v1/payments/{id}/refunds answers the refund: approved, in_process or rejected. */
const refundSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string().nullish(),
});

function toPayment(raw: MercadoPagoPayment): ProviderPayment {
  // An unknown status is treated as still open: nothing is granted or cancelled on it.
  const status = isProviderStatus(raw.status) ? raw.status : 'pending';
  return {
    id: raw.id,
    status,
    amountCentavos: Math.round(raw.transaction_amount * 100),
    externalReference: raw.external_reference ?? null,
    approvedAt: raw.date_approved ? new Date(raw.date_approved) : null,
  };
}

/** São Paulo's offset, in the format Mercado Pago documents (2026-11-21T12:30:00.000-03:00). */
function saoPauloTimestamp(instant: Date): string {
  return new Date(instant.getTime() - 3 * 3600_000).toISOString().replace('Z', '-03:00');
}

const ATTEMPTS = 2;
const RETRY_DELAY_MS = 250;

export interface MercadoPagoProvider extends PixProvider {
  readonly name: 'mercadopago';
}

export function createMercadoPagoProvider(settings: MercadoPagoSettings): MercadoPagoProvider {
  /** One call, tried twice when the failure may be passing (5xx, 429, network, timeout). */
  async function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<MercadoPagoPayment> {
    const json = await send(method, path, body, idempotencyKey);
    const parsed = paymentSchema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError(
        'refused',
        `Mercado Pago answered ${method} ${path} with an unexpected body`,
      );
    }
    return parsed.data;
  }

  async function send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<unknown> {
    let lastError: ProviderError | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      let response: Response;
      try {
        response = await fetch(`${settings.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${settings.accessToken}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        lastError = new ProviderError(
          'unavailable',
          timedOut
            ? `Mercado Pago did not answer ${method} ${path} in time`
            : `Mercado Pago unreachable: ${String(error)}`,
        );
        continue;
      }
      const json: unknown = await response.json().catch(() => null);
      if (response.status >= 500 || response.status === 429) {
        lastError = new ProviderError(
          'unavailable',
          `Mercado Pago answered ${response.status}`,
          response.status,
        );
        continue;
      }
      if (!response.ok) {
        const detail = (json as { message?: unknown } | null)?.message;
        throw new ProviderError(
          'refused',
          `Mercado Pago refused ${method} ${path}: ${response.status}${typeof detail === 'string' ? ` ${detail}` : ''}`,
          response.status,
        );
      }
      return json;
    }
    throw lastError!;
  }

  const paymentPath = (id: string) => `/v1/payments/${encodeURIComponent(id)}`;

  return {
    name: 'mercadopago',

    async createCharge(charge: NewCharge): Promise<CreatedCharge> {
      const raw = await call(
        'POST',
        '/v1/payments',
        {
          transaction_amount: charge.amountCentavos / 100,
          description: charge.description,
          payment_method_id: 'pix',
          external_reference: charge.purchaseId,
          date_of_expiration: saoPauloTimestamp(
            new Date(Date.now() + PROVIDER_EXPIRY_MINUTES * 60_000),
          ),
          payer: {
            email: charge.payer.email,
            first_name: charge.payer.firstName,
            last_name: charge.payer.lastName,
            identification: { type: 'CPF', number: charge.payer.cpf },
          },
          ...(settings.notificationUrl ? { notification_url: settings.notificationUrl } : {}),
        },
        // Our purchase id: a retried creation returns the same charge, never a second one.
        charge.purchaseId,
      );
      const data = raw.point_of_interaction?.transaction_data;
      if (!data?.qr_code || !data.qr_code_base64) {
        throw new ProviderError('refused', 'Mercado Pago created a payment without a PIX code');
      }
      return { payment: toPayment(raw), qrCode: data.qr_code, qrCodeBase64: data.qr_code_base64 };
    },

    async getPayment(paymentId) {
      return toPayment(await call('GET', paymentPath(paymentId)));
    },

    async cancelPayment(paymentId) {
      return toPayment(await call('PUT', paymentPath(paymentId), { status: 'cancelled' }));
    },

    async refundPayment(paymentId, idempotencyKey) {
      // A full refund: no body amount. The answer is the refund, not the payment; a retry with
      // the same key answers the same refund instead of making a second one.
      const refund = refundSchema.safeParse(
        await send('POST', `${paymentPath(paymentId)}/refunds`, {}, idempotencyKey),
      );
      if (!refund.success || refund.data.status === 'rejected') {
        throw new ProviderError('refused', `Mercado Pago did not refund payment ${paymentId}`);
      }
      return toPayment(await call('GET', paymentPath(paymentId)));
    },

    checkNotification(notification): NotificationCheck {
      const check = verifyNotificationSignature({
        headers: notification.headers,
        dataId: notification.dataId,
        secret: settings.webhookSecret,
        toleranceSeconds: settings.webhookToleranceSeconds,
      });
      if (!check.valid) return { kind: 'invalid', reason: check.reason };
      if (notification.type !== 'payment' || !notification.dataId) return { kind: 'ignored' };
      return { kind: 'payment', paymentId: notification.dataId };
    },
  };
}
