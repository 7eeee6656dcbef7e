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

/** Where a help message stands in the support inbox: new → answered → closed. */
export const HELP_REQUEST_STATUSES = ['new', 'answered', 'closed'] as const;

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
    status: text('status', { enum: HELP_REQUEST_STATUSES }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('help_requests_created_at_idx').on(table.createdAt),
    index('help_requests_status_idx').on(table.status, table.createdAt),
    check('help_requests_status_check', sql`${table.status} in ('new', 'answered', 'closed')`),
  ],
);

/** The team's replies to a help message, e-mailed to its sender: the thread, in order. */
export const helpReplies = pgTable(
  'help_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('help_replies_request_idx').on(table.requestId, table.sentAt)],
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
