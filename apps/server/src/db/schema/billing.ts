import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const PURCHASE_STATUSES = [
  'pending',
  'paid',
  'expired',
  'cancelled',
  'rejected',
  'refunded',
  'charged_back',
  'failed',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const PIX_PROVIDERS = ['sandbox', 'mercadopago'] as const;
export type PixProviderName = (typeof PIX_PROVIDERS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A plan or token package bought with one PIX charge (docs/product-rules.md, "Payments"). Written
 * only by the billing module. What it bought is granted once, in the transaction that sets
 * granted_at, and taken back once, in the one that sets reversed_at.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null once the account is deleted: the purchase stays for the fiscal retention period under
     * `accountPseudonym` (docs/product-rules.md, "Personal data and the LGPD").
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountPseudonym: text('account_pseudonym'),
    productType: text('product_type', { enum: ['plan', 'package'] }).notNull(),
    productId: text('product_id').notNull(),
    /** Name, price and days as sold, whatever the price list says later. */
    productName: text('product_name').notNull(),
    priceCentavos: integer('price_centavos').notNull(),
    planDays: integer('plan_days'),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: PIX_PROVIDERS }).notNull(),
    /** The charge's id at the provider, once created. */
    providerPaymentId: text('provider_payment_id'),
    /** The provider's last known status of the charge. */
    providerStatus: text('provider_status'),
    qrCode: text('qr_code'),
    qrCodeBase64: text('qr_code_base64'),
    /** End of the product's window to pay (the page's countdown); the charge is cancelled after. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the money arrived, as the provider reports it. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** Plans: the plan's expiry right after this grant, and right before it. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    previousUntil: timestamp('previous_until', { withTimezone: true }),
    /** When the reconciler should next ask the provider about the charge; null: no need. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** Grows with every change the payment page must hear of (its events' id). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('purchases_provider_payment_unique').on(table.provider, table.providerPaymentId),
    index('purchases_user_idx').on(table.userId, table.createdAt),
    index('purchases_next_check_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} is not null`),
    index('purchases_pending_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    check('purchases_status_check', sql`${table.status} in (${inList(PURCHASE_STATUSES)})`),
    check('purchases_provider_check', sql`${table.provider} in (${inList(PIX_PROVIDERS)})`),
    check('purchases_product_type_check', sql`${table.productType} in ('plan', 'package')`),
    check('purchases_price_positive', sql`${table.priceCentavos} > 0`),
    check(
      'purchases_plan_days_check',
      sql`(${table.productType} = 'plan') = (${table.planDays} is not null and ${table.planDays} > 0)`,
    ),
    check(
      'purchases_account_check',
      sql`${table.userId} is not null or ${table.accountPseudonym} is not null`,
    ),
    check(
      'purchases_reversal_after_grant',
      sql`${table.reversedAt} is null or ${table.grantedAt} is not null`,
    ),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;

/** Which path applied a provider's answer about a purchase. */
export const PAYMENT_NOTIFICATION_SOURCES = ['webhook', 'reconciler', 'refund'] as const;
export type PaymentNotificationSource = (typeof PAYMENT_NOTIFICATION_SOURCES)[number];

/**
 * Each provider answer about a purchase that the settlement applied (a webhook notification, the
 * reconciler's or an operator's question, a refund's reading), written in the settlement's
 * transaction: what the provider said and whether it changed the purchase.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: PAYMENT_NOTIFICATION_SOURCES }).notNull(),
    providerStatus: text('provider_status').notNull(),
    changed: boolean('changed').notNull(),
  },
  (table) => [index('payment_notifications_purchase_idx').on(table.purchaseId, table.receivedAt)],
);

export type PaymentNotificationRow = typeof paymentNotifications.$inferSelect;

/**
 * The charges of the local sandbox provider, which stands in for a PIX provider in development.
 * Its state lives in the database, like a real provider's, so every instance sees the same.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    /** Also the BR Code's transaction id: 25 letters and digits. */
    id: text('id').primaryKey(),
    /** Our purchase id, as a provider's "external reference" (no foreign key: it is the provider's). */
    externalReference: text('external_reference').notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    status: text('status', {
      enum: ['pending', 'approved', 'cancelled', 'refunded', 'charged_back'],
    })
      .notNull()
      .default('pending'),
    qrCode: text('qr_code').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_charges_reference_idx').on(table.externalReference)],
);

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
