import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The addresses an account had before its current one (an e-mail change on /conta, or Google's
 * address changing), each with the time it was the account's. Kept while the account exists, so
 * that deleting it finds every address it ever had, wherever it was written (docs/product-rules.md,
 * "Deleting the account").
 */
export const previousEmails = pgTable(
  'previous_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** When it became the account's address (the account's creation, or the change before). */
    usedFrom: timestamp('used_from', { withTimezone: true }).notNull(),
    /** When another address replaced it. */
    usedUntil: timestamp('used_until', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('previous_emails_user_idx').on(table.userId, table.usedUntil)],
);
