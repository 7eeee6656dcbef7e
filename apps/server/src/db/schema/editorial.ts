import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { questions } from './catalog';
import { users } from './users';

/**
 * The versions of a question worked on in the editorial console (docs/product-rules.md, "Question
 * versions"): `snapshot` is the question as a format 2 question object, with the reference texts it
 * uses under `textos`. The first edit records the state before it (source 'import') so that it can
 * be restored; an import that overwrites an edit records what it wrote.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    source: text('source', { enum: ['import', 'edit', 'restore'] }).notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** What changed from the version before, one readable line per change. */
    changes: jsonb('changes').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.questionId, table.version] }),
    check('question_versions_source_check', sql`${table.source} in ('import', 'edit', 'restore')`),
  ],
);
