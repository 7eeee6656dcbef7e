import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { exams, questions } from './catalog';
import { users } from './users';

/** The stored result of a finished simulado (docs/product-rules.md, "Simulados"). */
export interface SimuladoResultColumn {
  score: number;
  maxScore: number;
  correct: number;
  wrong: number;
  blank: number;
  timeUsedSeconds: number;
  byDiscipline: {
    code: string;
    name: string;
    total: number;
    correct: number;
    wrong: number;
    blank: number;
    score: number;
  }[];
}

/** What a simulado was made from: an exam, or the exam-list filters and a count. */
export interface SimuladoSourceColumn {
  filters?: Record<string, string>;
  count?: number;
}

export const simulados = pgTable(
  'simulados',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: text('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    source: jsonb('source').$type<SimuladoSourceColumn>(),
    title: text('title').notNull(),
    scoring: text('scoring', { enum: ['padrao', 'cebraspe'] }).notNull(),
    certoErrado: boolean('certo_errado').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    timeLimitSeconds: integer('time_limit_seconds').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishedBy: text('finished_by', { enum: ['usuario', 'tempo'] }),
    result: jsonb('result').$type<SimuladoResultColumn>(),
  },
  (table) => [
    index('simulados_user_started_idx').on(table.userId, table.startedAt),
    check('simulados_scoring_check', sql`${table.scoring} in ('padrao', 'cebraspe')`),
    check(
      'simulados_finished_by_check',
      sql`${table.finishedBy} is null or ${table.finishedBy} in ('usuario', 'tempo')`,
    ),
  ],
);

/** The questions of a simulado, in order, with the answer saved as the user goes. */
export const simuladoQuestions = pgTable(
  'simulado_questions',
  {
    simuladoId: uuid('simulado_id')
      .notNull()
      .references(() => simulados.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    chosenLetter: text('chosen_letter'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Set at the end: 'certa', 'errada', 'em_branco' or 'anulada'. */
    outcome: text('outcome', { enum: ['certa', 'errada', 'em_branco', 'anulada'] }),
  },
  (table) => [primaryKey({ columns: [table.simuladoId, table.questionId] })],
);
