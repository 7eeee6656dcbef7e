import type { FastifyBaseLogger } from 'fastify';
import {
  type PaymentActionResponse,
  type PaymentDetail,
  type PaymentListItem,
  type PaymentPage,
  PAYMENTS_CONSOLE_MESSAGES,
  PAYMENTS_PAGE_SIZE,
  type PaymentsQuery,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { PurchaseRow, UserRow } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { actorOf, recordAudit } from '@/modules/audit';
import type { BillingService } from '@/modules/billing';
import { createTokensService } from '@/modules/tokens';
import { purchaseTimeline } from './payment-timeline';
import {
  auditOfPurchase,
  findPurchaseWithBuyer,
  listPurchases,
  notificationsOfPurchase,
} from './payments-console.repo';

const errors = {
  notFound: () => new AppError('payment/not-found', 404, PAYMENTS_CONSOLE_MESSAGES.notFound),
  notRefundable: () =>
    new AppError('payment/not-refundable', 400, PAYMENTS_CONSOLE_MESSAGES.notRefundable),
  alreadyRefunded: () =>
    new AppError('payment/already-refunded', 400, PAYMENTS_CONSOLE_MESSAGES.alreadyRefunded),
  refundFailed: () =>
    new AppError('payment/refund-failed', 502, PAYMENTS_CONSOLE_MESSAGES.refundFailed),
};

/** São Paulo has no daylight saving time since 2019: its days start at 03:00 UTC. */
const saoPauloDay = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00.000-03:00`) + plusDays * 86_400_000);

const iso = (value: Date | null) => value?.toISOString() ?? null;

function item(row: PurchaseRow, buyer: { email: string; name: string }): PaymentListItem {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    email: buyer.email,
    name: buyer.name,
    productType: row.productType,
    productId: row.productId,
    productName: row.productName,
    priceCentavos: row.priceCentavos,
    status: row.status,
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    providerStatus: row.providerStatus,
    paidAt: iso(row.paidAt),
    grantedAt: iso(row.grantedAt),
    reversedAt: iso(row.reversedAt),
  };
}

/**
 * The payments of the operations console (docs/product-rules.md, "Payments and refunds"): support
 * and admins list and read purchases and ask the provider about one now; only admins refund.
 * Every change a purchase undergoes goes through the billing module's settlement, as a provider's
 * notification does.
 */
export function createPaymentsConsoleService(deps: {
  db: Database;
  billing: BillingService;
  log: FastifyBaseLogger;
}) {
  const { db, billing, log } = deps;

  /**
   * What refunding a package purchase would take back now (docs/product-rules.md, "Payments and
   * refunds"): what is left of its package, zero once spent or ended; null for anything else.
   */
  async function packageLeft(row: PurchaseRow) {
    if (row.productType !== 'package' || !row.userId || !row.grantedAt || row.reversedAt) {
      return null;
    }
    const left = await createTokensService(db).unspentOfPurchase(row.userId, row.id);
    return left ?? { input: 0, output: 0 };
  }

  async function target(id: string) {
    const found = await findPurchaseWithBuyer(db, id);
    if (!found) throw errors.notFound();
    return found;
  }

  return {
    async list(query: PaymentsQuery): Promise<PaymentPage> {
      const page = query.pagina ?? 1;
      const { rows, total } = await listPurchases(
        db,
        {
          status: query.status,
          provider: query.provedor,
          productId: query.produto,
          from: query.de ? saoPauloDay(query.de) : undefined,
          until: query.ate ? saoPauloDay(query.ate, 1) : undefined,
        },
        PAYMENTS_PAGE_SIZE,
        (page - 1) * PAYMENTS_PAGE_SIZE,
      );
      return {
        items: rows.map((row) => item(row.purchase, row)),
        total,
        page,
        next: page * PAYMENTS_PAGE_SIZE < total ? page + 1 : null,
      };
    },

    async detail(id: string): Promise<PaymentDetail> {
      const found = await target(id);
      const row = found.purchase;
      return {
        purchase: {
          ...item(row, found),
          expiresAt: row.expiresAt.toISOString(),
          planDays: row.planDays,
          validUntil: iso(row.validUntil),
          previousUntil: iso(row.previousUntil),
          nextCheckAt: iso(row.nextCheckAt),
          updatedAt: row.updatedAt.toISOString(),
        },
        serverProvider: billing.providerName,
        timeline: purchaseTimeline(
          row,
          await auditOfPurchase(db, id),
          await notificationsOfPurchase(db, id),
        ),
        refundTakesBack: await packageLeft(row),
      };
    },

    /** Asks the provider about the purchase now, as `payments:reconcile` does. */
    async reconcile(staff: UserRow, id: string): Promise<PaymentActionResponse> {
      const found = await target(id);
      const { before, after, payment } = await billing.reconcilePurchase(id);
      if (!payment)
        return { message: PAYMENTS_CONSOLE_MESSAGES.noCharge, purchase: item(after, found) };
      await recordAudit(db, actorOf(staff), {
        action: 'payment.reconcile',
        target: `purchase:${id}`,
        summary: `Conciliação com o provedor: ${before.status} → ${after.status} (provedor: ${payment.status})`,
        details: { before: before.status, after: after.status, providerStatus: payment.status },
      });
      return { message: PAYMENTS_CONSOLE_MESSAGES.reconciled, purchase: item(after, found) };
    },

    /**
     * Gives the money back and takes back what the purchase granted, exactly once whatever the
     * provider's own notification does meanwhile (both go through the settlement, which holds the
     * purchase's row and writes reversed_at once). Refused, with nothing asked of the provider,
     * when the purchase was never granted or was already taken back.
     */
    async refund(staff: UserRow, id: string, reason: string): Promise<PaymentActionResponse> {
      const found = await target(id);
      const row = found.purchase;
      if (row.reversedAt || row.status === 'refunded' || row.status === 'charged_back') {
        throw errors.alreadyRefunded();
      }
      if (row.status !== 'paid' || !row.grantedAt || !row.providerPaymentId) {
        throw errors.notRefundable();
      }
      let result: Awaited<ReturnType<BillingService['refundPurchase']>>;
      try {
        result = await billing.refundPurchase(row);
      } catch (error) {
        if (error instanceof AppError) throw error;
        log.error({ err: error, purchaseId: id }, 'o provedor não confirmou o reembolso');
        throw errors.refundFailed();
      }
      if (!result.after.reversedAt) {
        // The provider took the refund but does not show the charge as refunded yet (in process):
        // its notification, or the reconciler, takes the grant back when it does.
        log.warn(
          { purchaseId: id, status: result.payment.status },
          'reembolso ainda em processamento',
        );
      }
      await recordAudit(db, actorOf(staff), {
        action: 'payment.refund',
        target: `purchase:${id}`,
        summary: `Reembolso de ${row.productName} de ${found.email}. Motivo: ${reason.trim()}`,
        details: {
          reason: reason.trim(),
          userId: row.userId,
          providerPaymentId: row.providerPaymentId,
          providerStatus: result.payment.status,
          reversedByThisRefund: result.reversed,
        },
      });
      return {
        message: !result.after.reversedAt
          ? PAYMENTS_CONSOLE_MESSAGES.refundInProcess
          : result.reversed
            ? PAYMENTS_CONSOLE_MESSAGES.refunded
            : PAYMENTS_CONSOLE_MESSAGES.refundedByProvider,
        purchase: item(result.after, found),
      };
    },
  };
}

export type PaymentsConsoleService = ReturnType<typeof createPaymentsConsoleService>;
