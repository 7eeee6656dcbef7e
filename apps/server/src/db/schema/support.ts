import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { questions } from './catalog';
import { users } from './users';

/** Messages sent from the help centre's contact form. */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('help_requests_created_at_idx').on(table.createdAt)],
);

/** Where a report stands (docs/product-rules.md, "Error reports"): new → reviewing → fixed | rejected. */
export const ERROR_REPORT_STATUSES = ['new', 'reviewing', 'fixed', 'rejected'] as const;

/** Errors reported on questions, and how the team handled them. */
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    text: text('text'),
    status: text('status', { enum: ERROR_REPORT_STATUSES }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The editor who last changed its status. */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The team's reply, as e-mailed to the reporter and shown under 'Meus reportes'. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The question's version current when the report was marked fixed: the fix, in the editor. */
    fixedInVersion: integer('fixed_in_version'),
  },
  (table) => [
    // One unresolved report per user, question and type: a repeat changes nothing.
    uniqueIndex('error_reports_open_unique')
      .on(table.userId, table.questionId, table.type)
      .where(sql`${table.status} in ('new', 'reviewing')`),
    check(
      'error_reports_status_check',
      sql`${table.status} in ('new', 'reviewing', 'fixed', 'rejected')`,
    ),
    index('error_reports_status_idx').on(table.status, table.createdAt),
    index('error_reports_question_idx').on(table.questionId),
    index('error_reports_user_idx').on(table.userId, table.createdAt),
  ],
);
