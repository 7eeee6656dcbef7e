import type { FastifyBaseLogger } from 'fastify';
import { type Database, notify } from '@/db/client';
import { type PaymentNotificationSource, type PurchaseRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { createEntitlementsService } from '@/modules/entitlements';
import { createTokensService } from '@/modules/tokens';
import {
  insertPaymentNotification,
  lockPurchase,
  touchPurchase,
  updatePurchase,
} from './billing.repo';
import { decide, stillOpen } from './payment-rules';
import type { ProviderPayment } from './pix/pix-provider';
import { PURCHASE_CHANNEL } from './purchase-changes';

/**
 * Whatever tells us about a charge (a notification, the reconciler, an operator) ends in
 * `applyPayment`, which decides from the provider's answer and writes the purchase, the grant or its
 * reversal, the record of the answer (payment_notifications, with its `source`) and the
 * notification to the payment pages in one transaction, holding the purchase's row.
 */
export function createPurchaseSettlement(
  db: Database,
  log: FastifyBaseLogger,
  reconcileIntervalMs: number,
) {
  /** Brings the purchase in line with the provider's answer, exactly once per change. */
  async function applyPayment(
    purchaseId: string,
    payment: ProviderPayment,
    source: PaymentNotificationSource,
  ): Promise<PurchaseRow> {
    return (await settle(purchaseId, payment, source)).row;
  }

  /** `applyPayment`, also telling whether this call changed the purchase (or another had). */
  async function settle(
    purchaseId: string,
    payment: ProviderPayment,
    source: PaymentNotificationSource,
  ): Promise<{ row: PurchaseRow; changed: boolean }> {
    const { row, changed, anomaly } = await inTransaction(db, async (tx) => {
      const current = await lockPurchase(tx, purchaseId);
      if (!current) throw new Error(`purchase ${purchaseId} vanished`);
      const receivedAt = new Date();
      const record = (changed: boolean) =>
        insertPaymentNotification(tx, {
          purchaseId: current.id,
          receivedAt,
          source,
          providerStatus: payment.status,
          changed,
        });
      const decision = decide(current, payment, new Date());
      const common = {
        providerStatus: payment.status,
        ...(current.providerPaymentId ? {} : { providerPaymentId: payment.id }),
      };
      let next: PurchaseRow | undefined;
      switch (decision.kind) {
        case 'grant':
          next = await grant(tx, current, payment.approvedAt ?? new Date(), common);
          break;
        case 'reverse':
          next = await reverse(tx, current, decision.status, common);
          break;
        case 'close':
          next = await updatePurchase(tx, current.id, {
            ...common,
            status: decision.status,
            paidAt: payment.approvedAt,
            nextCheckAt: null,
          });
          break;
        case 'settle':
          next = await updatePurchase(tx, current.id, {
            ...common,
            status: decision.status,
            nextCheckAt: null,
          });
          break;
        case 'none': {
          const open = stillOpen(payment) && !current.grantedAt && !decision.anomaly;
          await touchPurchase(tx, current.id, {
            ...common,
            nextCheckAt: open ? new Date(Date.now() + reconcileIntervalMs) : null,
          });
          await record(false);
          return { row: current, changed: false, anomaly: decision.anomaly };
        }
      }
      await record(true);
      await notify(tx, PURCHASE_CHANNEL, current.id);
      return { row: next, changed: true, anomaly: undefined };
    });
    if (anomaly) {
      log.error(
        { purchaseId, paymentId: payment.id, anomaly },
        'cobrança inconsistente: nada foi concedido; verifique no provedor',
      );
    } else if (changed) {
      log.info({ purchaseId, paymentId: payment.id, status: row.status }, 'compra atualizada');
    }
    return { row, changed };
  }

  return { applyPayment, settle };
}

export type PurchaseSettlement = ReturnType<typeof createPurchaseSettlement>;

async function grant(
  tx: Database,
  purchase: PurchaseRow,
  paidAt: Date,
  common: Partial<PurchaseRow>,
) {
  let plan: { validUntil: Date; previousUntil: Date | null } | undefined;
  const { userId } = purchase;
  // A deleted account's late payment is recorded as paid with nothing to grant: the team refunds
  // it (docs/product-rules.md, "Personal data and the LGPD").
  if (userId && purchase.productType === 'plan') {
    plan = await createEntitlementsService(tx).grantPlanPurchase(
      userId,
      purchase.planDays!,
      paidAt,
    );
  } else if (userId) {
    await createTokensService(tx).grantPackage(userId, purchase.id);
    await createEntitlementsService(tx).recordPayment(userId, paidAt);
  }
  return updatePurchase(tx, purchase.id, {
    ...common,
    ...plan,
    status: 'paid',
    paidAt,
    grantedAt: new Date(),
    nextCheckAt: null,
  });
}

async function reverse(
  tx: Database,
  purchase: PurchaseRow,
  status: 'refunded' | 'charged_back',
  common: Partial<PurchaseRow>,
) {
  // A deleted account took what it was granted with it.
  const { userId } = purchase;
  if (userId && purchase.productType === 'plan') {
    await createEntitlementsService(tx).revokePlanPurchase(userId, {
      days: purchase.planDays!,
      validUntil: purchase.validUntil!,
      previousUntil: purchase.previousUntil,
    });
  } else if (userId) {
    await createTokensService(tx).revokePackage(userId, purchase.id);
  }
  return updatePurchase(tx, purchase.id, {
    ...common,
    status,
    reversedAt: new Date(),
    nextCheckAt: null,
  });
}
