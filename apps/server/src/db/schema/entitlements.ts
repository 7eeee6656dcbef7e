import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What a user's plan covers; no row means a free account. Written only by the entitlements module.
 * Premium while the São Paulo day of premium_until is today or later (docs/product-rules.md).
 */
export const entitlements = pgTable('entitlements', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** When the plan's time runs out: each purchase adds its days × 24 h. */
  premiumUntil: timestamp('premium_until', { withTimezone: true }),
  /** Start of the current uninterrupted premium period. */
  premiumStartedAt: timestamp('premium_started_at', { withTimezone: true }),
  lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
