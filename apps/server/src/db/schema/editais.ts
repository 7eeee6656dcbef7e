import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SyllabusDiscipline } from '@gabarita/shared';
import { users } from './users';

/**
 * A student's editais ("Meu edital", docs/product-rules.md, "Plano de estudos"): the syllabus
 * parsed from the text they gave, kept with that text so a better parser can read it again.
 */
export const editais = pgTable(
  'editais',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The exam's São Paulo day, when the student knows it. */
    examDate: date('exam_date'),
    syllabus: jsonb('syllabus').$type<SyllabusDiscipline[]>().notNull(),
    topicCount: integer('topic_count').notNull(),
    sourceText: text('source_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('editais_user_idx').on(table.userId, table.createdAt)],
);
