import { date, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a user's plan covers. Premium while premium_until >= today (São Paulo). */
export const entitlements = pgTable('entitlements', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Last São Paulo day covered by the plan. */
  premiumUntil: date('premium_until'),
  /** Start of the current uninterrupted premium period. */
  premiumStartedAt: timestamp('premium_started_at', { withTimezone: true }),
  lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
