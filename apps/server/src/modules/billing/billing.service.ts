import type { FastifyBaseLogger } from 'fastify';
import {
  type CreatePaymentRequest,
  type CreatePaymentResponse,
  FINAL_PAYMENT_STATUSES,
  findProduct,
  PAYMENT_MESSAGES,
  type PaymentEvent,
  type PaymentResponse,
  packageOffer,
  PIX_CODE_VALIDITY_MINUTES,
  planOffers,
  type PlansResponse,
  type PurchaseHistory,
} from '@gabarita/shared';
import { type Database, type DatabaseHandle, notify } from '@/db/client';
import type { PurchaseRow, PurchaseStatus, UserRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { AppError } from '@/lib/errors';
import type { ServerSentComment, ServerSentEvent } from '@/lib/sse';
import { createEntitlementsService } from '../entitlements/entitlements.service';
import { createRateLimiter, type RateLimitRule } from '../rate-limit/rate-limit.service';
import { createTokensService } from '../tokens/tokens.service';
import {
  claimDueChecks,
  expireOverdue,
  findPurchase,
  findPurchaseForCharge,
  insertPurchase,
  latestPurchases,
  lockPurchase,
  markFailed,
  paidPurchasesOf,
  renewClaims,
  payablePurchasesOf,
  saveCharge,
  touchPurchase,
  updatePurchase,
} from './billing.repo';
import {
  decide,
  paidLate,
  RECONCILE_BATCH,
  reconcileLeaseSeconds,
  stillOpen,
} from './payment-rules';
import {
  type CreatedCharge,
  type IncomingNotification,
  type PixProvider,
  ProviderError,
  type ProviderPayment,
} from './pix/pix-provider';
import { PURCHASE_CHANNEL, createPurchaseChanges } from './purchase-changes';
import { billingErrors } from '@/lib/app-errors';

const HOUR = 60 * 60;
export const PAYMENT_RATE_LIMITS = {
  byUser: { name: 'payment:user', max: 20, windowSeconds: HOUR },
  byIp: { name: 'payment:ip', max: 60, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;

const WINDOW_MS = PIX_CODE_VALIDITY_MINUTES * 60_000;
/** A pending PIX is given again only while this much of its window is left to pay it. */
const REUSE_MARGIN_MS = 60_000;
/** A comment on an idle stream this often; each one also re-reads the purchase. */
export const HEARTBEAT_MS = 15_000;
/** What the browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 3_000;
/** Charges are asked about for this long at most; Mercado Pago's own expire after 31 minutes. */
const GIVE_UP_MS = 2 * 24 * HOUR * 1000;

const FINAL: ReadonlySet<string> = new Set(FINAL_PAYMENT_STATUSES);
/** Provider statuses under which our expired purchase's charge must still be cancelled. */
const CANCELLABLE: ReadonlySet<string | null> = new Set([
  null,
  'pending',
  'authorized',
  'in_process',
]);

export interface BillingDeps {
  database: DatabaseHandle;
  provider: PixProvider;
  log: FastifyBaseLogger;
  /** How often the reconciler runs and an open charge is asked about. */
  reconcileIntervalMs: number;
  /** The longest a call to the provider may take (its timeout, retry included). */
  providerCallMs: number;
}

export function simulateUrlOf(purchaseId: string) {
  return `/dev/pix/${purchaseId}`;
}

/**
 * Plans and token packages paid with PIX (docs/product-rules.md, "Payments"). Whatever tells us
 * about a charge (a notification, the reconciler, an operator) ends in `applyPayment`, which
 * decides from the provider's answer and writes the purchase, the grant or its reversal and the
 * notification to the payment pages in one transaction, holding the purchase's row.
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
  const leaseSeconds = reconcileLeaseSeconds(reconcileIntervalMs, providerCallMs);

  function simulateUrl(row: PurchaseRow) {
    return provider.name === 'sandbox' && row.provider === 'sandbox' ? simulateUrlOf(row.id) : null;
  }

  function toEvent(row: PurchaseRow): PaymentEvent {
    return {
      purchaseId: row.id,
      status: row.status,
      paidAt: row.paidAt?.toISOString() ?? null,
      paidLate: paidLate(row),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  function toPaymentResponse(row: PurchaseRow): PaymentResponse {
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
      simulateUrl: simulateUrl(row),
    };
  }

  /** Another user's purchase answers exactly like one that does not exist. */
  async function ownPurchase(user: UserRow, purchaseId: string) {
    const row = await findPurchase(db, purchaseId);
    if (!row || row.userId !== user.id) {
      throw billingErrors.notFound();
    }
    return row;
  }

  /** Brings the purchase in line with the provider's answer, exactly once per change. */
  async function applyPayment(purchaseId: string, payment: ProviderPayment): Promise<PurchaseRow> {
    const { row, changed, anomaly } = await inTransaction(db, async (tx) => {
      const current = await lockPurchase(tx, purchaseId);
      if (!current) throw new Error(`purchase ${purchaseId} vanished`);
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
          return { row: current, changed: false, anomaly: decision.anomaly };
        }
      }
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
    return row;
  }

  async function grant(
    tx: Database,
    purchase: PurchaseRow,
    paidAt: Date,
    common: Partial<PurchaseRow>,
  ) {
    let plan: { validUntil: Date; previousUntil: Date | null } | undefined;
    if (purchase.productType === 'plan') {
      plan = await createEntitlementsService(tx).grantPlanPurchase(
        purchase.userId,
        purchase.planDays!,
        paidAt,
      );
    } else {
      await createTokensService(tx).grantPackage(purchase.userId);
      await createEntitlementsService(tx).recordPayment(purchase.userId, paidAt);
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
    if (purchase.productType === 'plan') {
      await createEntitlementsService(tx).revokePlanPurchase(purchase.userId, {
        days: purchase.planDays!,
        validUntil: purchase.validUntil!,
        previousUntil: purchase.previousUntil,
      });
    } else {
      await createTokensService(tx).revokePackage(purchase.userId);
    }
    return updatePurchase(tx, purchase.id, {
      ...common,
      status,
      reversedAt: new Date(),
      nextCheckAt: null,
    });
  }

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
    await applyPayment(row.id, payment);
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
        const { pixDetails } = toPaymentResponse(pending);
        if (pixDetails)
          return { purchaseId: pending.id, pixDetails, simulateUrl: simulateUrl(pending) };
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
        simulateUrl: simulateUrl(saved),
      };
    },

    async payment(user: UserRow, purchaseId: string): Promise<PaymentResponse> {
      return toPaymentResponse(await ownPurchase(user, purchaseId));
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
      return streamOf(purchaseId, signal);
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
      await applyPayment(purchase.id, payment);
    },

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
      return { before: row, after: await applyPayment(row.id, payment), payment };
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
      return {
        pending: pending.map((row) => ({
          purchaseId: row.id,
          productType: row.productType,
          productId: row.productId,
          productName: row.productName,
          priceCentavos: row.priceCentavos,
          expiresAt: row.expiresAt.toISOString(),
        })),
        plans: rows
          .filter((row) => row.productType === 'plan' && row.validUntil)
          .map((row) => ({
            purchaseId: row.id,
            productId: row.productId,
            productName: row.productName,
            priceCentavos: row.priceCentavos,
            purchasedAt: row.paidAt!.toISOString(),
            validUntil: row.validUntil!.toISOString(),
            // Shown one millisecond before the stored expiry (docs/product-rules.md).
            validUntilDisplay: new Date(row.validUntil!.getTime() - 1).toISOString(),
          })),
        packages: rows
          .filter((row) => row.productType === 'package')
          .map((row) => ({
            purchaseId: row.id,
            productId: row.productId,
            productName: row.productName,
            priceCentavos: row.priceCentavos,
            purchasedAt: row.paidAt!.toISOString(),
          })),
      };
    },

    close: () => changes.close(),
  };

  async function* streamOf(
    purchaseId: string,
    signal: AbortSignal,
  ): AsyncGenerator<ServerSentEvent | ServerSentComment> {
    let changed = true;
    let wake: () => void = () => undefined;
    const unsubscribe = changes.subscribe(purchaseId, () => {
      changed = true;
      wake();
    });
    const onAbort = () => wake();
    signal.addEventListener('abort', onAbort);
    let sentVersion = 0;
    try {
      while (!signal.aborted) {
        changed = false;
        let row: PurchaseRow | undefined;
        try {
          row = await findPurchase(db, purchaseId);
        } catch (error) {
          log.error({ err: error, purchaseId }, 'falha ao ler a compra para a página de pagamento');
        }
        if (!row) {
          yield {
            event: 'error',
            data: { code: 'billing/stream-failed', message: PAYMENT_MESSAGES.listenerFailed },
          };
          return;
        }
        if (row.version !== sentVersion) {
          yield {
            event: 'payment',
            id: String(row.version),
            data: toEvent(row),
            ...(sentVersion === 0 ? { retry: RECONNECT_MS } : {}),
          };
          sentVersion = row.version;
        }
        if (FINAL.has(row.status)) return;
        const idle = await new Promise<boolean>((resolve) => {
          if (changed || signal.aborted) return resolve(false);
          const timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = () => undefined;
        if (idle) yield { comment: 'ping' };
      }
    } finally {
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
    }
  }
}

export type BillingService = ReturnType<typeof createBillingService>;
