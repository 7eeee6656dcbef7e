import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The package tokens a user holds (docs/product-rules.md, "AI tokens"): they never expire, and a
 * package ends when either side reaches zero.
 */
export const tokenWallets = pgTable(
  'token_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageInput: integer('package_input').notNull().default(0),
    packageOutput: integer('package_output').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'token_wallets_not_negative',
      sql`${table.packageInput} >= 0 and ${table.packageOutput} >= 0`,
    ),
  ],
);
