import type { PurchaseRow, PurchaseStatus } from '@/db/schema';
import type { ProviderPayment, ProviderStatus } from './pix/pix-provider';

/**
 * What a purchase becomes given what the provider says about its charge
 * (docs/product-rules.md, "Payments"). Pure: the service applies it inside a transaction that
 * holds the purchase's row, so every notification, poll and operator command agrees, in any order
 * and any number of times.
 */
export type Decision =
  /** The money arrived: mark paid and grant, once. */
  | { kind: 'grant' }
  /** A granted purchase was refunded or charged back: take it back, once. */
  | { kind: 'reverse'; status: 'refunded' | 'charged_back' }
  /** The money came and went before we granted anything: record it, grant nothing. */
  | { kind: 'close'; status: 'refunded' | 'charged_back' }
  /** The charge ended unpaid. */
  | { kind: 'settle'; status: 'expired' | 'cancelled' | 'rejected' }
  /** Nothing changes for the buyer. */
  | { kind: 'none'; anomaly?: string };

/** Charges the provider may still change without anyone paying again. */
const OPEN_AT_PROVIDER: ReadonlySet<ProviderStatus> = new Set([
  'pending',
  'authorized',
  'in_process',
]);

const UNPAID: ReadonlySet<PurchaseStatus> = new Set([
  'pending',
  'expired',
  'cancelled',
  'rejected',
  'failed',
]);

type PurchaseState = Pick<
  PurchaseRow,
  'id' | 'status' | 'priceCentavos' | 'expiresAt' | 'grantedAt' | 'reversedAt'
>;

export function decide(purchase: PurchaseState, payment: ProviderPayment, now: Date): Decision {
  if (payment.externalReference !== null && payment.externalReference !== purchase.id) {
    return { kind: 'none', anomaly: 'the charge belongs to another purchase' };
  }
  switch (payment.status) {
    case 'approved':
    case 'in_mediation': // approved, and the payer opened a dispute: still paid until it ends
      if (purchase.grantedAt || !UNPAID.has(purchase.status)) return { kind: 'none' };
      if (payment.amountCentavos !== purchase.priceCentavos) {
        return {
          kind: 'none',
          anomaly: `paid ${payment.amountCentavos} for a price of ${purchase.priceCentavos}`,
        };
      }
      return { kind: 'grant' };

    case 'refunded':
    case 'charged_back':
      if (purchase.reversedAt) return { kind: 'none' };
      if (purchase.grantedAt) return { kind: 'reverse', status: payment.status };
      if (purchase.status === 'refunded' || purchase.status === 'charged_back')
        return { kind: 'none' };
      return { kind: 'close', status: payment.status };

    case 'cancelled':
    case 'rejected':
      if (purchase.grantedAt) {
        return { kind: 'none', anomaly: `a granted purchase is ${payment.status} at the provider` };
      }
      if (purchase.status !== 'pending') return { kind: 'none' };
      if (payment.status === 'rejected') return { kind: 'settle', status: 'rejected' };
      return { kind: 'settle', status: now >= purchase.expiresAt ? 'expired' : 'cancelled' };

    default:
      return { kind: 'none' };
  }
}

/** Whether the reconciler should keep asking the provider about this charge. */
export function stillOpen(payment: ProviderPayment): boolean {
  return OPEN_AT_PROVIDER.has(payment.status);
}

/** The money arrived after the countdown ended (the purchase was granted all the same). */
export function paidLate(purchase: Pick<PurchaseRow, 'paidAt' | 'expiresAt'>): boolean {
  return purchase.paidAt !== null && purchase.paidAt > purchase.expiresAt;
}

/** Purchases one reconciler round claims at most. */
export const RECONCILE_BATCH = 25;

/**
 * How long a reconciler holds a purchase it claimed. The round renews the claim of the purchases
 * still ahead of it before each one, so a claim only has to outlast one purchase: up to two provider
 * calls of `providerCallMs` one after the other (a cancellation refused, then a read). Never shorter
 * than two rounds' interval, nor than 30 s; short enough that the purchases of an instance that died
 * mid-round are taken up again soon.
 */
export function reconcileLeaseSeconds(reconcileIntervalMs: number, providerCallMs: number): number {
  return Math.ceil(Math.max(30_000, 2 * reconcileIntervalMs, 2 * providerCallMs + 5_000) / 1000);
}
