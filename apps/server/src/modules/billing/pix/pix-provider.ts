import type { PixProviderName } from '@/db/schema';

/** A charge's status at the provider, in Mercado Pago's words (the sandbox speaks them too). */
export const PROVIDER_STATUSES = [
  'pending',
  'authorized',
  'in_process',
  'in_mediation',
  'approved',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** What the provider says about a charge: the only basis for granting or taking back. */
export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  amountCentavos: number;
  /** Our purchase id, as we sent it. */
  externalReference: string | null;
  /** When the money arrived, when it did. */
  approvedAt: Date | null;
}

export interface NewCharge {
  purchaseId: string;
  amountCentavos: number;
  description: string;
  payer: { firstName: string; lastName: string; cpf: string; email: string };
}

export interface CreatedCharge {
  payment: ProviderPayment;
  qrCode: string;
  /** PNG in base64, without a data: prefix. */
  qrCodeBase64: string;
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  /** `data.id` of the query string, as received. */
  dataId: string | undefined;
  /** `type` (or the older `topic`) of the query string or body. */
  type: string | undefined;
}

export type NotificationCheck =
  | { kind: 'payment'; paymentId: string }
  /** Signed, but about something other than a payment. */
  | { kind: 'ignored' }
  | { kind: 'invalid'; reason: string };

/** Why a provider call failed: `unavailable` may succeed if tried again, `refused` will not. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * A PIX provider as the billing module needs it. Both adapters speak Mercado Pago's notification
 * protocol, so a notification travels the same path whichever is active.
 */
export interface PixProvider {
  readonly name: PixProviderName;
  createCharge(charge: NewCharge): Promise<CreatedCharge>;
  getPayment(paymentId: string): Promise<ProviderPayment>;
  /** Cancels a charge nobody paid; answers the charge as it then is. */
  cancelPayment(paymentId: string): Promise<ProviderPayment>;
  /**
   * Gives a paid charge's whole amount back to the payer; answers the charge as it then is. The
   * same `idempotencyKey` never refunds twice.
   */
  refundPayment(paymentId: string, idempotencyKey: string): Promise<ProviderPayment>;
  checkNotification(notification: IncomingNotification): NotificationCheck;
}

export function isProviderStatus(value: string): value is ProviderStatus {
  return (PROVIDER_STATUSES as readonly string[]).includes(value);
}
