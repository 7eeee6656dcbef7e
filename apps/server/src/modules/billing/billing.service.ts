import type { FastifyBaseLogger } from 'fastify';
import {
  type CreatePaymentRequest,
  type CreatePaymentResponse,
  findProduct,
  type PaymentResponse,
  packageOffer,
  PIX_CODE_VALIDITY_MINUTES,
  planOffers,
  type PlansResponse,
  type PurchaseHistory,
} from '@gabarita/shared';
import type { DatabaseHandle } from '@/db/client';
import type { PurchaseRow, PurchaseStatus, UserRow } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { billingErrors } from '@/lib/app-errors';
import { createEntitlementsService } from '@/modules/entitlements';
import { createRateLimiter, type RateLimitRule } from '@/modules/rate-limit';
import { createTokensService } from '@/modules/tokens';
import {
  findPurchase,
  findPurchaseForCharge,
  insertPurchase,
  latestPurchases,
  markFailed,
  paidPurchasesOf,
  payablePurchasesOf,
  saveCharge,
} from './billing.repo';
import { simulateUrl, toPaymentResponse, toPurchaseHistory } from './billing-views';
import { paymentEventStream } from './payment-events';
import {
  type CreatedCharge,
  type IncomingNotification,
  type PixProvider,
  ProviderError,
  type ProviderPayment,
} from './pix/pix-provider';
import { createPurchaseChanges } from './purchase-changes';
import { createPurchaseReconciliation } from './purchase-reconciliation';
import { createPurchaseSettlement } from './purchase-settlement';

const HOUR = 60 * 60;
export const PAYMENT_RATE_LIMITS = {
  byUser: { name: 'payment:user', max: 20, windowSeconds: HOUR },
  byIp: { name: 'payment:ip', max: 60, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;

const WINDOW_MS = PIX_CODE_VALIDITY_MINUTES * 60_000;
/** A pending PIX is given again only while this much of its window is left to pay it. */
const REUSE_MARGIN_MS = 60_000;

export interface BillingDeps {
  database: DatabaseHandle;
  provider: PixProvider;
  log: FastifyBaseLogger;
  /** How often the reconciler runs and an open charge is asked about. */
  reconcileIntervalMs: number;
  /** The longest a call to the provider may take (its timeout, retry included). */
  providerCallMs: number;
}

/**
 * Plans and token packages paid with PIX (docs/product-rules.md, "Payments"). Whatever tells us
 * about a charge (a notification, the reconciler, an operator) ends in `applyPayment`
 * (purchase-settlement.ts), which decides from the provider's answer and writes the purchase, the
 * grant or its reversal and the notification to the payment pages in one transaction, holding the
 * purchase's row.
 */
export function createBillingService({
  database,
  provider,
  log,
  reconcileIntervalMs,
  providerCallMs,
}: BillingDeps) {
  const { db } = database;
  const limits = createRateLimiter(db);
  const changes = createPurchaseChanges(database, log);
  const settlement = createPurchaseSettlement(db, log, reconcileIntervalMs);
  const reconciliation = createPurchaseReconciliation({
    db,
    provider,
    log,
    settlement,
    reconcileIntervalMs,
    providerCallMs,
  });

  /** Another user's purchase answers exactly like one that does not exist. */
  async function ownPurchase(user: UserRow, purchaseId: string) {
    const row = await findPurchase(db, purchaseId);
    if (!row || row.userId !== user.id) {
      throw billingErrors.notFound();
    }
    return row;
  }

  return {
    async plans(userId: string | null): Promise<PlansResponse> {
      return {
        plans: planOffers(),
        package: packageOffer(),
        pixValidityMinutes: PIX_CODE_VALIDITY_MINUTES,
        current: userId
          ? {
              ...(await createEntitlementsService(db).current(userId)),
              packageBalance: await createTokensService(db).packageBalance(userId),
            }
          : null,
      };
    },

    /**
     * Creates the purchase and its PIX charge; the price is the server's, never the client's. A PIX
     * of the same product still payable for a while is given again instead of a second one
     * (docs/product-rules.md, "Payments").
     */
    async createPayment(
      user: UserRow,
      request: CreatePaymentRequest,
      ip: string,
    ): Promise<CreatePaymentResponse> {
      const product = findProduct(request.productType, request.productId);
      if (!product) {
        throw billingErrors.unknownProduct();
      }
      await limits.enforce([
        { rule: PAYMENT_RATE_LIMITS.byUser, subject: user.id },
        { rule: PAYMENT_RATE_LIMITS.byIp, subject: ip },
      ]);
      const [pending] = await payablePurchasesOf(db, user.id, REUSE_MARGIN_MS, {
        type: product.type,
        id: product.id,
      });
      if (pending) {
        const { pixDetails } = toPaymentResponse(pending, provider.name);
        if (pixDetails)
          return {
            purchaseId: pending.id,
            pixDetails,
            simulateUrl: simulateUrl(pending, provider.name),
          };
      }
      const purchase = await insertPurchase(db, {
        userId: user.id,
        productType: product.type,
        productId: product.id,
        productName: product.name,
        priceCentavos: product.priceCentavos,
        planDays: product.days,
        provider: provider.name,
        expiresAt: new Date(Date.now() + WINDOW_MS),
      });
      let created: CreatedCharge;
      try {
        created = await provider.createCharge({
          purchaseId: purchase.id,
          amountCentavos: product.priceCentavos,
          description:
            product.type === 'plan'
              ? `Gabarita - Plano ${product.name}`
              : `Gabarita - Pacote de tokens ${product.name}`,
          payer: { ...request.payer, email: user.email },
        });
      } catch (error) {
        log.error({ err: error, purchaseId: purchase.id }, 'falha ao gerar a cobrança PIX');
        await markFailed(db, purchase.id);
        throw billingErrors.generationFailed();
      }
      // The window to pay starts when the code can be shown.
      const expiresAt = new Date(Date.now() + WINDOW_MS);
      const saved = await saveCharge(db, purchase.id, {
        providerPaymentId: created.payment.id,
        providerStatus: created.payment.status,
        qrCode: created.qrCode,
        qrCodeBase64: created.qrCodeBase64,
        expiresAt,
        nextCheckAt: new Date(Date.now() + reconcileIntervalMs),
      });
      if (!saved) {
        await provider.cancelPayment(created.payment.id).catch(() => undefined);
        throw billingErrors.generationFailed();
      }
      return {
        purchaseId: purchase.id,
        pixDetails: {
          qr_code: created.qrCode,
          qr_code_base64: created.qrCodeBase64,
          expiration_date: expiresAt.toISOString(),
        },
        simulateUrl: simulateUrl(saved, provider.name),
      };
    },

    async payment(user: UserRow, purchaseId: string): Promise<PaymentResponse> {
      return toPaymentResponse(await ownPurchase(user, purchaseId), provider.name);
    },

    /**
     * The purchase's state now, then at every change, as events, until a final state or until the
     * client leaves. A change made by any instance arrives through NOTIFY; every heartbeat also
     * re-reads the purchase, so a notification lost in a reconnection delays the page, never
     * strands it.
     */
    async paymentEvents(user: UserRow, purchaseId: string, signal: AbortSignal) {
      await ownPurchase(user, purchaseId);
      // Listening before the first read: no change can fall between the two.
      await changes.ready();
      return paymentEventStream({ db, changes, log }, purchaseId, signal);
    },

    /**
     * A provider's notification: its signature is checked, then the charge is read from the
     * provider (never from the notification's body) and applied.
     */
    async handleNotification(notification: IncomingNotification): Promise<void> {
      const check = provider.checkNotification(notification);
      if (check.kind === 'invalid') {
        log.warn(
          { reason: check.reason },
          'notificação de pagamento recusada: assinatura inválida',
        );
        throw billingErrors.invalidSignature();
      }
      if (check.kind === 'ignored') return;
      let payment: ProviderPayment;
      try {
        payment = await provider.getPayment(check.paymentId);
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'refused') {
          log.warn(
            { err: error, paymentId: check.paymentId },
            'notificação de uma cobrança que o provedor não mostra',
          );
          return;
        }
        // The provider will notify again; the reconciler asks as well.
        log.warn(
          { err: error, paymentId: check.paymentId },
          'provedor indisponível ao confirmar uma notificação',
        );
        throw AppError.common('server/unavailable', 503);
      }
      const purchase = await findPurchaseForCharge(
        db,
        provider.name,
        payment.id,
        payment.externalReference,
      );
      if (!purchase) {
        log.info({ paymentId: payment.id }, 'notificação de uma cobrança que não é nossa');
        return;
      }
      await settlement.applyPayment(purchase.id, payment, 'webhook');
    },

    reconcileOnce: reconciliation.reconcileOnce,

    reconcilePurchase: reconciliation.reconcilePurchase,

    /** The provider this server charges with (only its purchases can be asked about or refunded). */
    providerName: provider.name,

    /**
     * Gives the whole payment back at the provider (one refund per purchase: the idempotency key is
     * derived from its id), then reads the charge and takes the grant back through `applyPayment`,
     * the path a provider's 'refunded' notification takes, so the two reverse once between them.
     * `reversed` tells whether this call did it (false: a notification had already).
     */
    async refundPurchase(row: PurchaseRow) {
      if (row.provider !== provider.name) {
        throw billingErrors.otherProvider(row.provider, provider.name);
      }
      const payment = await provider.refundPayment(row.providerPaymentId!, `refund-${row.id}`);
      const current =
        payment.status === 'refunded' ? payment : await provider.getPayment(payment.id);
      const { row: after, changed } = await settlement.settle(row.id, current, 'refund');
      return { after, reversed: changed && after.reversedAt !== null, payment: current };
    },

    list: (status: PurchaseStatus | undefined, limit = 50) => latestPurchases(db, status, limit),

    /** A sandbox purchase for the development page, whoever asks (the page is no API). */
    async sandboxPurchase(purchaseId: string) {
      const row = await findPurchase(db, purchaseId);
      return row?.provider === 'sandbox' ? row : undefined;
    },

    async history(userId: string): Promise<PurchaseHistory> {
      const [rows, pending] = await Promise.all([
        paidPurchasesOf(db, userId),
        payablePurchasesOf(db, userId, 0),
      ]);
      return toPurchaseHistory(rows, pending);
    },

    close: () => changes.close(),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
