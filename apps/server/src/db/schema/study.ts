import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { exams, questions } from './catalog';
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
