import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { exams, questions } from './catalog';
import { fsrsColumns } from './review';
import { users } from './users';

/** What each user studied: exams and questions opened, answers, free checks per day. */

export const testHistory = pgTable(
  'test_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.examId] })],
);

/** The option block (`exams.options`) a user chose for an exam: the other blocks are hidden. */
export const examOptionChoices = pgTable(
  'exam_option_choices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    optionKey: text('option_key').notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.examId] })],
);

export const questionHistory = pgTable(
  'question_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** 'c' correct, 'e' wrong; null while opened but not answered. The first answer stays. */
    response: text('response', { enum: ['c', 'e'] }),
    chosenLetter: text('chosen_letter'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    check('question_history_response_check', sql`${table.response} in ('c', 'e')`),
  ],
);

/** Answer checks of free accounts per São Paulo day, counted atomically. */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    questionChecks: integer('question_checks').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * The mistakes notebook ('Caderno de erros'): one row per user and question answered wrong at
 * least once, with its FSRS state (docs/product-rules.md, "Review"). `step` counts right answers
 * in a row; `dueDay` is the São Paulo day of `due`, when it is due again.
 */
export const reviewItems = pgTable(
  'review_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    step: integer('step').notNull().default(0),
    dueDay: date('due_day'),
    lastWrongAt: timestamp('last_wrong_at', { withTimezone: true }).notNull(),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    ...fsrsColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    index('review_items_user_due_idx').on(table.userId, table.dueDay),
    uniqueIndex('review_items_guid_idx').on(table.guid),
  ],
);

/**
 * Crowd answer counters: how many users chose each letter on their first answer. Updated in the
 * transaction that records a first answer, so the counts always equal the history's
 * (docs/product-rules.md, "Crowd answer stats").
 */
export const questionAnswerCounts = pgTable(
  'question_answer_counts',
  {
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    letter: text('letter').notNull(),
    firstAnswers: integer('first_answers').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.questionId, table.letter] })],
);
