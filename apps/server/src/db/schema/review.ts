import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { disciplines, questions } from './catalog';
import { users } from './users';

/**
 * The FSRS memory state of one reviewed item, as ts-fsrs's Card holds it (docs/product-rules.md,
 * "Review"). The defaults are the state ts-fsrs gives a new item rated Again, the way most notebook
 * questions enter the queue (a wrong answer); the unit tests check them against ts-fsrs.
 */
export function fsrsColumns() {
  return {
    /** Stable id of the item, kept across exports (Anki's #guid column). */
    guid: uuid('guid').notNull().defaultRandom(),
    /** When ts-fsrs scheduled it; null on rows written before it (then the start of `dueDay`). */
    due: timestamp('due', { withTimezone: true }),
    stability: doublePrecision('stability').notNull().default(0.212),
    difficulty: doublePrecision('difficulty').notNull().default(6.4133),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(1),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(1),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    fsrsState: smallint('fsrs_state').notNull().default(2),
  };
}

/** The student's own cards, and the cards made from a notebook question. `id` is the card's GUID. */
export const flashcards = pgTable(
  'flashcards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    front: text('front').notNull(),
    back: text('back').notNull(),
    disciplineCode: text('discipline_code').references(() => disciplines.code),
    subject: text('subject'),
    /** The notebook question it was made from; the card stays if the question goes. */
    sourceQuestionId: text('source_question_id').references(() => questions.id, {
      onDelete: 'set null',
    }),
    /** Why the card may be out of date: its question was retired or its key or comment changed. */
    flaggedBecause: text('flagged_because'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    ...fsrsColumns(),
    dueDay: date('due_day').notNull(),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('flashcards_guid_idx').on(table.guid),
    index('flashcards_user_due_idx').on(table.userId, table.dueDay),
    index('flashcards_source_question_idx').on(table.sourceQuestionId),
  ],
);

/**
 * Every review, as sent: `clientId` (made by the device) makes a replay change nothing. A review
 * older than the item's last one is logged but leaves the state alone (`applied` false): the later
 * review wins (docs/product-rules.md, "Review").
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    /** The item's GUID (review_items.guid or flashcards.guid). */
    itemGuid: uuid('item_guid').notNull(),
    kind: text('kind', { enum: ['question', 'flashcard'] }).notNull(),
    questionId: text('question_id'),
    disciplineCode: text('discipline_code'),
    /** ts-fsrs Rating: 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: smallint('rating').notNull(),
    /** The item's state before the review. */
    fsrsState: smallint('fsrs_state').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    /** When the review was made, on the device. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    /** What the review scheduled (the answer a replay gets again). */
    nextDue: timestamp('next_due', { withTimezone: true }).notNull(),
    nextDueDay: date('next_due_day').notNull(),
    applied: boolean('applied').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('review_logs_user_client_idx').on(table.userId, table.clientId),
    index('review_logs_user_reviewed_idx').on(table.userId, table.reviewedAt),
    check('review_logs_rating_check', sql`${table.rating} between 1 and 4`),
    check('review_logs_kind_check', sql`${table.kind} in ('question', 'flashcard')`),
  ],
);

/** The student's review preferences. No row: the defaults. */
export const reviewSettings = pgTable(
  'review_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    desiredRetention: doublePrecision('desired_retention').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('review_settings_retention_check', sql`${table.desiredRetention} between 0.70 and 0.97`),
  ],
);
