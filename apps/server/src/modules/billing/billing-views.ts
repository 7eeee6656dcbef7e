import type { PaymentEvent, PaymentResponse, PurchaseHistory } from '@gabarita/shared';
import type { PixProviderName, PurchaseRow } from '@/db/schema';
import { paidLate } from './payment-rules';

function simulateUrlOf(purchaseId: string) {
  return `/dev/pix/${purchaseId}`;
}

/** The sandbox page of a sandbox purchase, while the server uses the sandbox. */
export function simulateUrl(row: PurchaseRow, activeProvider: PixProviderName) {
  return activeProvider === 'sandbox' && row.provider === 'sandbox' ? simulateUrlOf(row.id) : null;
}

export function toEvent(row: PurchaseRow): PaymentEvent {
  return {
    purchaseId: row.id,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    paidLate: paidLate(row),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function toPaymentResponse(
  row: PurchaseRow,
  activeProvider: PixProviderName,
): PaymentResponse {
  return {
    ...toEvent(row),
    productType: row.productType,
    productId: row.productId,
    productName: row.productName,
    priceCentavos: row.priceCentavos,
    createdAt: row.createdAt.toISOString(),
    pixDetails:
      row.status === 'pending' && row.qrCode && row.qrCodeBase64
        ? {
            qr_code: row.qrCode,
            qr_code_base64: row.qrCodeBase64,
            expiration_date: row.expiresAt.toISOString(),
          }
        : null,
    simulateUrl: simulateUrl(row, activeProvider),
  };
}

/** What every paid line of the history shows, plan or package. */
function paidLine(row: PurchaseRow) {
  return {
    purchaseId: row.id,
    productId: row.productId,
    productName: row.productName,
    priceCentavos: row.priceCentavos,
    purchasedAt: row.paidAt!.toISOString(),
  };
}

export function toPurchaseHistory(paid: PurchaseRow[], pending: PurchaseRow[]): PurchaseHistory {
  return {
    pending: pending.map((row) => ({
      purchaseId: row.id,
      productType: row.productType,
      productId: row.productId,
      productName: row.productName,
      priceCentavos: row.priceCentavos,
      expiresAt: row.expiresAt.toISOString(),
    })),
    plans: paid
      .filter((row) => row.productType === 'plan' && row.validUntil)
      .map((row) => ({
        ...paidLine(row),
        validUntil: row.validUntil!.toISOString(),
        // Shown one millisecond before the stored expiry (docs/product-rules.md).
        validUntilDisplay: new Date(row.validUntil!.getTime() - 1).toISOString(),
      })),
    packages: paid.filter((row) => row.productType === 'package').map(paidLine),
  };
}
