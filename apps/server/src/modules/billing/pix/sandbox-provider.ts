import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Database } from '@/db/client';
import type { SandboxChargeRow } from '@/db/schema';
import { buildBrCode } from './br-code';
import {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  signNotification,
  verifyNotificationSignature,
} from './notification-signature';
import {
  type NotificationCheck,
  type PixProvider,
  ProviderError,
  type ProviderPayment,
} from './pix-provider';
import { findSandboxCharge, insertSandboxCharge, moveSandboxCharge } from './sandbox.repo';

/**
 * The receiver of the sandbox's codes. A real bank app that scans one finds no such key (the
 * .invalid domain cannot exist), so no money can go astray.
 */
export const SANDBOX_PIX_KEY = 'sandbox@gabarita.invalid';
const MERCHANT_NAME = 'GABARITA SANDBOX';
const MERCHANT_CITY = 'SAO PAULO';

/**
 * The sandbox signs its notifications like Mercado Pago, with this secret. It is no secret: what
 * a notification says is never trusted, only what the charge's row says when we read it.
 */
export const SANDBOX_WEBHOOK_SECRET = 'gabarita-sandbox-webhook';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 25 letters and digits: the longest transaction id a BR Code carries. */
function newChargeId(): string {
  return `SBX${[...randomBytes(22)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')}`;
}

function toPayment(row: SandboxChargeRow): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    amountCentavos: row.amountCentavos,
    externalReference: row.externalReference,
    approvedAt: row.approvedAt,
  };
}

export interface SandboxProvider extends PixProvider {
  readonly name: 'sandbox';
  /** The charge as the sandbox page shows it. */
  charge(paymentId: string): Promise<SandboxChargeRow | undefined>;
  /**
   * The payer pays: a pending charge, or one cancelled because our window ended (a payment that
   * crossed the cancellation, so the late-payment path can be tried). False if it cannot be paid.
   */
  approve(paymentId: string): Promise<boolean>;
  /** The money goes back to the payer. */
  refund(paymentId: string): Promise<boolean>;
  /** The notification Mercado Pago would send about the charge: path with query, headers, body. */
  notificationFor(paymentId: string): {
    url: string;
    headers: Record<string, string>;
    body: Record<string, unknown>;
  };
}

export function createSandboxProvider(db: Database): SandboxProvider {
  async function existing(paymentId: string) {
    const row = await findSandboxCharge(db, paymentId);
    if (!row) throw new ProviderError('refused', `no sandbox charge ${paymentId}`, 404);
    return row;
  }

  return {
    name: 'sandbox',

    async createCharge(charge) {
      const id = newChargeId();
      const qrCode = buildBrCode({
        key: SANDBOX_PIX_KEY,
        merchantName: MERCHANT_NAME,
        merchantCity: MERCHANT_CITY,
        amountCentavos: charge.amountCentavos,
        txid: id,
        singleUse: true,
      });
      const png = await QRCode.toBuffer(qrCode, {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 320,
      });
      const row = await insertSandboxCharge(db, {
        id,
        externalReference: charge.purchaseId,
        amountCentavos: charge.amountCentavos,
        qrCode,
      });
      return { payment: toPayment(row), qrCode, qrCodeBase64: png.toString('base64') };
    },

    async getPayment(paymentId) {
      return toPayment(await existing(paymentId));
    },

    async cancelPayment(paymentId) {
      const row =
        (await moveSandboxCharge(db, paymentId, ['pending'], 'cancelled')) ??
        (await existing(paymentId));
      return toPayment(row);
    },

    async refundPayment(paymentId) {
      // Moves only an approved charge; one refunded already answers as it is (idempotent).
      const row =
        (await moveSandboxCharge(db, paymentId, ['approved'], 'refunded')) ??
        (await existing(paymentId));
      if (row.status !== 'refunded') {
        throw new ProviderError('refused', `sandbox charge ${paymentId} is ${row.status}`, 400);
      }
      return toPayment(row);
    },

    checkNotification(notification): NotificationCheck {
      const check = verifyNotificationSignature({
        headers: notification.headers,
        dataId: notification.dataId,
        secret: SANDBOX_WEBHOOK_SECRET,
        toleranceSeconds: DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
      });
      if (!check.valid) return { kind: 'invalid', reason: check.reason };
      if (notification.type !== 'payment' || !notification.dataId) return { kind: 'ignored' };
      return { kind: 'payment', paymentId: notification.dataId };
    },

    charge: (paymentId) => findSandboxCharge(db, paymentId),

    async approve(paymentId) {
      return Boolean(await moveSandboxCharge(db, paymentId, ['pending', 'cancelled'], 'approved'));
    },

    async refund(paymentId) {
      return Boolean(await moveSandboxCharge(db, paymentId, ['approved'], 'refunded'));
    },

    notificationFor(paymentId) {
      const query = new URLSearchParams({ 'data.id': paymentId, type: 'payment' });
      return {
        url: `/api/webhooks/mercadopago?${query}`,
        headers: {
          ...signNotification({ dataId: paymentId, secret: SANDBOX_WEBHOOK_SECRET }),
          'content-type': 'application/json',
        },
        body: {
          action: 'payment.updated',
          api_version: 'v1',
          type: 'payment',
          live_mode: false,
          date_created: new Date().toISOString(),
          data: { id: paymentId },
        },
      };
    },
  };
}
