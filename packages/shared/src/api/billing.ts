import { z } from 'zod/mini';
import { cpfDigits, isValidCpf } from '../cpf';
import { countLabel } from '../plural';
import { PAYMENT_MESSAGES } from '../messages/payment';
import { PLANS, TOKEN_PACKAGE } from '../constants/plans';
import { text } from '../validation';
import { tokenPairSchema } from './ai';
import { accountTypeSchema } from './session';
import { planSchema } from './me';

export const PRODUCT_TYPES = ['plan', 'package'] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES, {
  error: (issue) =>
    issue.input === undefined
      ? PAYMENT_MESSAGES.allFieldsRequired
      : PAYMENT_MESSAGES.unknownProduct,
});
export type ProductType = z.infer<typeof productTypeSchema>;

export interface Product {
  type: ProductType;
  id: string;
  name: string;
  priceCentavos: number;
  /** Days of Premium a plan adds; null for the token package. */
  days: number | null;
}

/** The server's price list: the only place a price comes from. */
export function findProduct(type: string, id: string): Product | null {
  if (type === 'package') {
    return id === TOKEN_PACKAGE.id
      ? {
          type,
          id,
          name: TOKEN_PACKAGE.name,
          priceCentavos: TOKEN_PACKAGE.priceCentavos,
          days: null,
        }
      : null;
  }
  if (type !== 'plan') return null;
  const plan = PLANS.find((candidate) => candidate.id === id);
  return plan
    ? { type, id, name: plan.name, priceCentavos: plan.priceCentavos, days: plan.days }
    : null;
}

/** '1 dia', '30 dias'. */
export function durationLabel(days: number): string {
  return countLabel(days, 'dia', 'dias');
}

// ---------------------------------------------------------------- GET /api/plans

export const planOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  days: z.int(),
  durationLabel: z.string(),
  priceCentavos: z.int(),
  /** The crossed-out price ('De R$ x por:'). */
  oldPriceCentavos: z.int(),
});

export const packageOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCentavos: z.int(),
  oldPriceCentavos: z.int(),
  inputTokens: z.int(),
  outputTokens: z.int(),
});

export const plansResponseSchema = z.object({
  plans: z.array(planOfferSchema),
  package: packageOfferSchema,
  /** Minutes a PIX code may be paid in: the countdown starts here. */
  pixValidityMinutes: z.int(),
  /** What the signed-in caller has now, so nobody buys blind; null for visitors. */
  current: z.nullable(
    z.object({
      accountType: accountTypeSchema,
      plan: planSchema,
      /** Package tokens left (zeros when there is no package). */
      packageBalance: tokenPairSchema,
    }),
  ),
});

/** The offer as GET /api/plans lists it, from the price list above. */
export function planOffers(): PlanOffer[] {
  return PLANS.map((plan) => ({
    id: plan.id,
    name: plan.name,
    days: plan.days,
    durationLabel: durationLabel(plan.days),
    priceCentavos: plan.priceCentavos,
    oldPriceCentavos: plan.oldPriceCentavos,
  }));
}

export function packageOffer(): PackageOffer {
  const { id, name, priceCentavos, oldPriceCentavos, inputTokens, outputTokens } = TOKEN_PACKAGE;
  return { id, name, priceCentavos, oldPriceCentavos, inputTokens, outputTokens };
}

// ---------------------------------------------------------------- POST /api/payments

export const PAYER_NAME_MAX_LENGTH = 60;

const requiredName = () =>
  text(
    PAYER_NAME_MAX_LENGTH,
    PAYMENT_MESSAGES.nameTooLong,
    PAYMENT_MESSAGES.allFieldsRequired,
  ).check(z.trim(), z.minLength(1, PAYMENT_MESSAGES.allFieldsRequired));

export const payerSchema = z.object(
  {
    firstName: requiredName(),
    lastName: requiredName(),
    /** Digits only after parsing; the mask 000.000.000-00 is accepted and removed. */
    cpf: z.pipe(
      text(20, PAYMENT_MESSAGES.invalidCpf, PAYMENT_MESSAGES.allFieldsRequired).check(
        z.trim(),
        z.minLength(1, { error: PAYMENT_MESSAGES.allFieldsRequired, abort: true }),
        z.refine(isValidCpf, PAYMENT_MESSAGES.invalidCpf),
      ),
      z.transform(cpfDigits),
    ),
  },
  PAYMENT_MESSAGES.allFieldsRequired,
);

export const createPaymentRequestSchema = z
  .object({
    productId: text(50, PAYMENT_MESSAGES.unknownProduct, PAYMENT_MESSAGES.allFieldsRequired).check(
      z.minLength(1, PAYMENT_MESSAGES.allFieldsRequired),
    ),
    productType: productTypeSchema,
    payer: payerSchema,
  })
  .check(
    z.refine((request) => findProduct(request.productType, request.productId) !== null, {
      path: ['productId'],
      message: PAYMENT_MESSAGES.unknownProduct,
    }),
  );

export const pixDetailsSchema = z.object({
  /** The copia-e-cola code (an EMV BR Code). */
  qr_code: z.string(),
  /** The QR image: a PNG in base64, without a data: prefix. */
  qr_code_base64: z.string(),
  /** End of the window to pay (ISO instant): the countdown runs to it. */
  expiration_date: z.string(),
});

export const createPaymentResponseSchema = z.object({
  purchaseId: z.string(),
  pixDetails: pixDetailsSchema,
  /** The sandbox's 'Simular pagamento' page; null unless the sandbox provider is active. */
  simulateUrl: z.nullable(z.string()),
});

// ---------------------------------------------------------------- GET /api/payments/:id (+ events)

/** A purchase id (a UUID), as in /api/payments/:id. */
export const purchaseIdSchema = text(36, PAYMENT_MESSAGES.paymentNotFound).check(
  z.regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    PAYMENT_MESSAGES.paymentNotFound,
  ),
);

export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'expired',
  'cancelled',
  'rejected',
  'refunded',
  'charged_back',
  'failed',
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** States after which a purchase never changes again as far as the payment page is concerned. */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'paid',
  'refunded',
  'charged_back',
  'failed',
];

/** The data of each `payment` event of GET /api/payments/:id/events. */
export const paymentEventSchema = z.object({
  purchaseId: z.string(),
  status: paymentStatusSchema,
  /** When the money arrived (ISO instant), for paid and reversed purchases. */
  paidAt: z.nullable(z.string()),
  /** True when the money arrived after the countdown ended: the purchase was granted anyway. */
  paidLate: z.boolean(),
  expiresAt: z.string(),
});

export const paymentResponseSchema = z.extend(paymentEventSchema, {
  productType: productTypeSchema,
  productId: z.string(),
  productName: z.string(),
  priceCentavos: z.int(),
  createdAt: z.string(),
  /** The code and image again while the purchase is pending (a reloaded page); null otherwise. */
  pixDetails: z.nullable(pixDetailsSchema),
  simulateUrl: z.nullable(z.string()),
});

/** Sent when the stream itself fails; the page falls back to GET /api/payments/:id. */
export const paymentStreamErrorSchema = z.object({ code: z.string(), message: z.string() });

// ---------------------------------------------------------------- GET /api/me/purchases

export const planPurchaseSchema = z.object({
  purchaseId: z.string(),
  productId: z.string(),
  productName: z.string(),
  priceCentavos: z.int(),
  /** When the payment arrived (ISO instant). */
  purchasedAt: z.string(),
  /** The plan's expiry right after this purchase, as stored (ISO instant). */
  validUntil: z.string(),
  /** What the account page shows: one millisecond before the stored expiry. */
  validUntilDisplay: z.string(),
});

export const packagePurchaseSchema = z.object({
  purchaseId: z.string(),
  productId: z.string(),
  productName: z.string(),
  priceCentavos: z.int(),
  purchasedAt: z.string(),
});

/** A PIX still waiting to be paid, within its window: the payment page can show it again. */
export const pendingPurchaseSchema = z.object({
  purchaseId: z.string(),
  productType: productTypeSchema,
  productId: z.string(),
  productName: z.string(),
  priceCentavos: z.int(),
  /** When the code stops being payable (ISO instant). */
  expiresAt: z.string(),
});

/** Paid purchases, newest first, and the PIX codes still waiting to be paid. */
export const purchaseHistorySchema = z.object({
  plans: z.array(planPurchaseSchema),
  packages: z.array(packagePurchaseSchema),
  pending: z.array(pendingPurchaseSchema),
});

export type PlanOffer = z.infer<typeof planOfferSchema>;
export type PackageOffer = z.infer<typeof packageOfferSchema>;
export type PlansResponse = z.infer<typeof plansResponseSchema>;
export type Payer = z.infer<typeof payerSchema>;
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>;
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;
export type PixDetails = z.infer<typeof pixDetailsSchema>;
export type PaymentEvent = z.infer<typeof paymentEventSchema>;
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;
export type PaymentStreamError = z.infer<typeof paymentStreamErrorSchema>;
export type PlanPurchase = z.infer<typeof planPurchaseSchema>;
export type PackagePurchase = z.infer<typeof packagePurchaseSchema>;
export type PendingPurchase = z.infer<typeof pendingPurchaseSchema>;
export type PurchaseHistory = z.infer<typeof purchaseHistorySchema>;
