import type { FastifyBaseLogger } from 'fastify';
import { type Database, notify } from '@/db/client';
import type { PurchaseRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { billingErrors } from '@/lib/app-errors';
import {
  claimDueChecks,
  expireOverdue,
  findPurchase,
  renewClaims,
  touchPurchase,
} from './billing.repo';
import { RECONCILE_BATCH, reconcileLeaseSeconds } from './payment-rules';
import { type PixProvider, ProviderError, type ProviderPayment } from './pix/pix-provider';
import { PURCHASE_CHANNEL } from './purchase-changes';
import type { PurchaseSettlement } from './purchase-settlement';

/** Charges are asked about for this long at most; Mercado Pago's own expire after 31 minutes. */
const GIVE_UP_MS = 2 * 24 * 60 * 60 * 1000;

/** Provider statuses under which our expired purchase's charge must still be cancelled. */
const CANCELLABLE: ReadonlySet<string | null> = new Set([
  null,
  'pending',
  'authorized',
  'in_process',
]);

export interface ReconciliationDeps {
  db: Database;
  provider: PixProvider;
  log: FastifyBaseLogger;
  settlement: PurchaseSettlement;
  /** How often the reconciler runs. */
  reconcileIntervalMs: number;
  /** The longest a call to the provider may take (its timeout, retry included). */
  providerCallMs: number;
}

/** Asks the provider about our purchases, on the reconciler's rounds or at an operator's command. */
export function createPurchaseReconciliation({
  db,
  provider,
  log,
  settlement,
  reconcileIntervalMs,
  providerCallMs,
}: ReconciliationDeps) {
  const leaseSeconds = reconcileLeaseSeconds(reconcileIntervalMs, providerCallMs);

  /** Asks the provider about one claimed purchase; cancels the charge if our window is over. */
  async function checkAtProvider(row: PurchaseRow) {
    if (Date.now() - row.createdAt.getTime() > GIVE_UP_MS) {
      await touchPurchase(db, row.id, { nextCheckAt: null });
      log.warn(
        { purchaseId: row.id },
        'cobrança ainda aberta após dois dias: o reconciliador desistiu',
      );
      return;
    }
    const paymentId = row.providerPaymentId!;
    let payment: ProviderPayment;
    if (row.status === 'expired' && !row.grantedAt && CANCELLABLE.has(row.providerStatus)) {
      try {
        payment = await provider.cancelPayment(paymentId);
      } catch (error) {
        // Refused: most likely paid meanwhile; what it is now decides.
        if (!(error instanceof ProviderError && error.kind === 'refused')) throw error;
        payment = await provider.getPayment(paymentId);
      }
    } else {
      payment = await provider.getPayment(paymentId);
    }
    await settlement.applyPayment(row.id, payment, 'reconciler');
  }

  return {
    /**
     * One round of the reconciler: ends the windows that ran out, then asks the provider about the
     * claimed charges (lost notifications, cancellations). Safe on several instances at once.
     */
    async reconcileOnce() {
      const expired = await inTransaction(db, async (tx) => {
        const rows = await expireOverdue(tx);
        for (const row of rows) await notify(tx, PURCHASE_CHANNEL, row.id);
        return rows.length;
      });
      const claimed = await claimDueChecks(db, provider.name, RECONCILE_BATCH, leaseSeconds);
      let failed = 0;
      for (const [index, row] of claimed.entries()) {
        await renewClaims(
          db,
          claimed.slice(index).map((item) => item.id),
          leaseSeconds,
        );
        await checkAtProvider(row).catch((error: unknown) => {
          failed += 1;
          log.warn({ err: error, purchaseId: row.id }, 'falha ao consultar a cobrança no provedor');
        });
      }
      return { expired, checked: claimed.length, failed };
    },

    /** The operator's `payments:reconcile`: asks the provider now and applies the answer. */
    async reconcilePurchase(purchaseId: string) {
      const row = await findPurchase(db, purchaseId);
      if (!row) throw billingErrors.notFound();
      if (row.provider !== provider.name) {
        throw billingErrors.otherProvider(row.provider, provider.name);
      }
      if (!row.providerPaymentId) return { before: row, after: row, payment: null };
      const payment = await provider.getPayment(row.providerPaymentId);
      return {
        before: row,
        after: await settlement.applyPayment(row.id, payment, 'reconciler'),
        payment,
      };
    },
  };
}
