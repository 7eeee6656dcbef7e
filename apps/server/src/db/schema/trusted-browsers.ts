import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Browsers where a user has signed in before, known by a long-lived cookie stored as SHA-256. A
 * correct password from one of them passes even while failed attempts by others hold the account's
 * sign-in limit (docs/product-rules.md).
 */
export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tokenHash, table.userId] }),
    index('trusted_browsers_last_used_idx').on(table.lastUsedAt),
  ],
);
