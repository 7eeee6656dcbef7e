import { z } from 'zod/mini';
import { text } from '../validation';
import { ACTION_REASON_MAX_LENGTH } from './accounts-console';
import { tokenPairSchema } from './ai';
import { productTypeSchema } from './billing';

/** The operations console's payments (docs/product-rules.md, "Payments and refunds"). */
export const PAYMENTS_PAGE_SIZE = 30;

export const PAYMENT_CONSOLE_STATUSES = [
  'pending',
  'paid',
  'expired',
  'cancelled',
  'rejected',
  'refunded',
  'charged_back',
  'failed',
] as const;
export const PAYMENT_CONSOLE_PROVIDERS = ['sandbox', 'mercadopago'] as const;

export const PAYMENTS_CONSOLE_MESSAGES = {
  notFound: 'Compra não encontrada.',
  reasonRequired: 'Informe o motivo.',
  notRefundable: 'Só compras pagas e já liberadas podem ser reembolsadas.',
  alreadyRefunded: 'Esta compra já foi reembolsada ou estornada.',
  refundFailed:
    'O provedor não confirmou o reembolso. Nada foi retirado da conta; tente de novo em instantes.',
  refunded: 'Reembolso feito; o que a compra liberou foi retirado da conta.',
  refundedByProvider:
    'Reembolso feito; a notificação do provedor já havia retirado o que a compra liberou.',
  refundInProcess:
    'Reembolso pedido; o provedor ainda o processa. O que a compra liberou será retirado quando ele confirmar (ou use “Conciliar agora”).',
  reconciled: 'Conciliação feita: a compra está como o provedor informa.',
  noCharge: 'Esta compra não tem cobrança no provedor; nada a conciliar.',
  invalidPeriod: 'Informe datas no formato AAAA-MM-DD.',
} as const;

const day = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, PAYMENTS_CONSOLE_MESSAGES.invalidPeriod));

export const paymentsQuerySchema = z.object({
  status: z.optional(z.enum(PAYMENT_CONSOLE_STATUSES)),
  provedor: z.optional(z.enum(PAYMENT_CONSOLE_PROVIDERS)),
  /** The product's id: a plan's ('mensal') or the token package's. */
  produto: z.optional(text(40)),
  /** From this calendar day (São Paulo), inclusive. */
  de: z.optional(day),
  /** Up to this calendar day (São Paulo), inclusive. */
  ate: z.optional(day),
  pagina: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

export const paymentListItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Null once the account was deleted: `email` is then the pseudonym its purchases keep. */
  userId: z.nullable(z.string()),
  email: z.string(),
  name: z.string(),
  productType: productTypeSchema,
  productId: z.string(),
  productName: z.string(),
  priceCentavos: z.int(),
  status: z.enum(PAYMENT_CONSOLE_STATUSES),
  provider: z.enum(PAYMENT_CONSOLE_PROVIDERS),
  providerPaymentId: z.nullable(z.string()),
  providerStatus: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  grantedAt: z.nullable(z.string()),
  reversedAt: z.nullable(z.string()),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

export const paymentPageSchema = z.object({
  items: z.array(paymentListItemSchema),
  total: z.int(),
  page: z.int(),
  /** The next page's number, or null on the last. */
  next: z.nullable(z.int()),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export const TIMELINE_KINDS = [
  'created',
  'charge',
  'paid',
  'granted',
  'expired',
  'cancelled',
  'rejected',
  'failed',
  'reversed',
  'notification',
  'operator',
] as const;

/** How the console names the path that applied a provider's answer (payment_notifications.source). */
export const NOTIFICATION_SOURCE_LABELS = {
  webhook: 'webhook',
  reconciler: 'conciliação',
  refund: 'reembolso',
} as const;

export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  label: z.string(),
  detail: z.nullable(z.string()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const paymentDetailSchema = z.object({
  purchase: z.extend(paymentListItemSchema, {
    expiresAt: z.string(),
    planDays: z.nullable(z.int()),
    validUntil: z.nullable(z.string()),
    previousUntil: z.nullable(z.string()),
    nextCheckAt: z.nullable(z.string()),
    updatedAt: z.string(),
  }),
  /** The provider this server uses now: only its purchases can be reconciled or refunded. */
  serverProvider: z.enum(PAYMENT_CONSOLE_PROVIDERS),
  timeline: z.array(timelineEntrySchema),
  /**
   * For a token package still held: what a refund would take back now, the tokens left of this
   * package (the ledger spends the oldest package first); null for anything else.
   */
  refundTakesBack: z.nullable(tokenPairSchema),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const paymentParamsSchema = z.object({ id: z.uuid() });

const reasonSchema = text(
  ACTION_REASON_MAX_LENGTH,
  undefined,
  PAYMENTS_CONSOLE_MESSAGES.reasonRequired,
).check(z.refine((value) => value.trim().length > 0, PAYMENTS_CONSOLE_MESSAGES.reasonRequired));

export const refundRequestSchema = z.object({ motivo: reasonSchema });
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const paymentActionResponseSchema = z.object({
  message: z.string(),
  purchase: paymentListItemSchema,
});
export type PaymentActionResponse = z.infer<typeof paymentActionResponseSchema>;
