import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const ACTION_MODES = [
  'verifyEmail',
  'resetPassword',
  'changeEmail',
  'deleteAccount',
] as const;

/**
 * Single-use codes sent by e-mail, stored as SHA-256 only: links (verify the address, reset the
 * password, confirm a new address) and the code that confirms the deletion of a Google account.
 */
export const actionCodes = pgTable(
  'action_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ACTION_MODES }).notNull(),
    /** 'changeEmail': the address being proven, which becomes the account's once the link is followed. */
    newEmail: text('new_email'),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('action_codes_user_id_idx').on(table.userId),
    check(
      'action_codes_mode_check',
      sql`${table.mode} in ('verifyEmail', 'resetPassword', 'changeEmail', 'deleteAccount')`,
    ),
  ],
);
