import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { disciplines, questions } from './catalog';
import { users } from './users';

/** Who wrote a stored text, and when; earlier versions stay for operators. */
const authorship = {
  provider: text('provider').notNull(),
  model: text('model').notNull(),
  /** False for the offline tutor, whose texts must never be presented as AI. */
  languageModel: boolean('language_model').notNull(),
  finishReason: text('finish_reason').notNull(),
  outputTokens: integer('output_tokens').notNull(),
  /** Who paid for it (null once that account is deleted). */
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a regeneration replaced it or it was discarded. */
  supersededAt: timestamp('superseded_at', { withTimezone: true }),
};

/** The explanation of a question, shared by every user; one current version per question. */
export const aiFeedback = pgTable(
  'ai_feedback',
  {
    id: serial('id').primaryKey(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    ...authorship,
  },
  (table) => [
    uniqueIndex('ai_feedback_current_idx')
      .on(table.questionId)
      .where(sql`${table.supersededAt} is null`),
    index('ai_feedback_question_idx').on(table.questionId, table.createdAt),
  ],
);

/** The study text of a discipline's subject, shared by every user; one current version each. */
export const didacticContents = pgTable(
  'didactic_contents',
  {
    id: serial('id').primaryKey(),
    disciplineCode: text('discipline_code')
      .notNull()
      .references(() => disciplines.code, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    /** The catalogue questions it was written from (null for texts stored before this was kept). */
    questionIds: text('question_ids').array(),
    ...authorship,
  },
  (table) => [
    uniqueIndex('didactic_contents_current_idx')
      .on(table.disciplineCode, table.subject)
      .where(sql`${table.supersededAt} is null`),
    index('didactic_contents_subject_idx').on(table.disciplineCode, table.subject, table.createdAt),
  ],
);

/**
 * A shared text being written now, across server instances: the first asker's instance holds the
 * row and writes the text so far into it; others follow it (woken by NOTIFY) instead of paying
 * for a second copy. A holder that stops renewing its lease (its server died) loses it.
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    key: text('key').primaryKey(),
    feature: text('feature', { enum: ['feedback', 'didactic'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    languageModel: boolean('language_model').notNull(),
    text: text('text').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('ai_generations_feature_check', sql`${table.feature} in ('feedback', 'didactic')`),
  ],
);

export const BASIS_CHANGE_KINDS = ['key', 'annulment', 'comment'] as const;

/**
 * A change of what the tutor's texts about a question stand on: its key (a definitive key or an
 * annulment) or the team's comment. What the tutor wrote before it no longer stands
 * (docs/product-rules.md, "The tutor after a change of key or comment").
 */
export const questionBasisChanges = pgTable(
  'question_basis_changes',
  {
    id: serial('id').primaryKey(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BASIS_CHANGE_KINDS }).notNull(),
    /** The key before and after ('A', 'anulada'); null for a change of the comment. */
    fromKey: text('from_key'),
    toKey: text('to_key'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('question_basis_changes_question_idx').on(table.questionId, table.id),
    check(
      'question_basis_changes_kind_check',
      sql`${table.kind} in ('key', 'annulment', 'comment')`,
    ),
  ],
);

/**
 * The one free chat reply a student gets about a question after a change, claimed before the
 * call so that replies asked at once cannot all be free; given back when the reply is not kept.
 */
export const chatFreeReplies = pgTable(
  'chat_free_replies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changeId: integer('change_id')
      .notNull()
      .references(() => questionBasisChanges.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.changeId] })],
);
