import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { questions } from './catalog';
import { bytea } from './column-types';
import { users } from './users';

/** The legal documents a person accepts (docs/product-rules.md, "Personal data and the LGPD"). */
export const CONSENT_DOCUMENTS = ['termos', 'privacidade', 'responsavel'] as const;

/**
 * What each account accepted, which version and when: the terms and the privacy policy at sign-up
 * or at the first sign-in after either changed, and the guardian's consent of an under-18.
 */
export const consents = pgTable(
  'consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document', { enum: CONSENT_DOCUMENTS }).notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.document, table.version] }),
    check(
      'consents_document_check',
      sql`${table.document} in ('termos', 'privacidade', 'responsavel')`,
    ),
  ],
);

export const DATA_EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;

/**
 * A copy of everything an account holds, asked for on /conta: built in the background into a .zip
 * kept here until `expiresAt` (24 h after it is ready), downloadable by its owner only.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('building'),
    content: bytea('content'),
    sizeBytes: integer('size_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('data_exports_user_idx').on(table.userId, table.requestedAt),
    check('data_exports_status_check', sql`${table.status} in ('building', 'ready', 'failed')`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * The tutor chat about a question, turn by turn, kept so the student finds it again and can take
 * it with their data; removed after AI_CHAT_RETENTION_DAYS.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'model'] }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_conversation_idx').on(table.userId, table.questionId, table.id),
    index('chat_messages_created_idx').on(table.createdAt),
    check('chat_messages_role_check', sql`${table.role} in ('user', 'model')`),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/**
 * Periodic jobs that one instance runs for all: an instance claims a job by moving `startedAt`
 * forward when the last run is old enough, and the others see it taken.
 */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  job: text('job').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** What the last run removed, per kind. */
  report: jsonb('report').$type<Record<string, number>>(),
});
