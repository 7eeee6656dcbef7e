import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Messages for one user, shown once in the app (e.g. a definitive answer key changed the verdict
 * of one of their answers); `seenAt` is set when they dismiss it.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** A path inside the app the notice leads to (e.g. the question). */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [index('user_notices_user_idx').on(table.userId, table.seenAt)],
);
