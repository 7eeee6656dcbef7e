import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The e-mail/password account and the Google account stay separate, even for one address. */
    provider: text('provider', { enum: ['password', 'google'] }).notNull(),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /**
     * 'editor' works on the catalogue and the error reports; 'support' answers customers and reads
     * their accounts (docs/product-rules.md, "Operations console"); 'admin' does everything.
     */
    role: text('role', { enum: ['user', 'editor', 'support', 'admin'] })
      .notNull()
      .default('user'),
    passwordHash: text('password_hash'),
    /** Google's stable subject identifier ("sub"); the e-mail can change, this cannot. */
    googleSubject: text('google_subject'),
    /** Picture URL given by Google; uploaded photos live in user_photos. */
    externalPhotoUrl: text('external_photo_url'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Set by the team: the account cannot sign in, and `blockedReason` says why. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_provider_email_idx').on(table.provider, table.email),
    uniqueIndex('users_google_subject_idx').on(table.googleSubject),
    check('users_provider_check', sql`${table.provider} in ('password', 'google')`),
    check('users_role_check', sql`${table.role} in ('user', 'editor', 'support', 'admin')`),
    check(
      'users_credentials_check',
      sql`(${table.provider} = 'password' and ${table.passwordHash} is not null)
        or (${table.provider} = 'google' and ${table.googleSubject} is not null)`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
