import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { bytea } from './column-types';

export interface Alternative {
  letter: string;
  text: string;
}

export const disciplines = pgTable('disciplines', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    disciplineCode: text('discipline_code')
      .notNull()
      .references(() => disciplines.code),
    name: text('name').notNull(),
  },
  (table) => [unique('subjects_discipline_name_unique').on(table.disciplineCode, table.name)],
);

export const exams = pgTable(
  'exams',
  {
    id: text('id').primaryKey(),
    cargoGeral: text('cargo_geral').notNull(),
    cargo: text('cargo').notNull(),
    orgao: text('orgao').notNull(),
    nivel: text('nivel').notNull(),
    instituicao: text('instituicao').notNull(),
    ano: text('ano').notNull(),
    questionCount: integer('question_count').notNull(),
    demonstration: boolean('demonstration').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('exams_ano_id_idx').on(table.ano, table.id)],
);

/** How many questions of each discipline an exam has (drives the discipline filter and counts). */
export const examDisciplines = pgTable(
  'exam_disciplines',
  {
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    disciplineCode: text('discipline_code')
      .notNull()
      .references(() => disciplines.code),
    questionCount: integer('question_count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.examId, table.disciplineCode] }),
    index('exam_disciplines_discipline_idx').on(table.disciplineCode, table.examId),
  ],
);

/** How many questions of each discipline and subject an exam has (drives filters and counts). */
export const examSubjects = pgTable(
  'exam_subjects',
  {
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    disciplineCode: text('discipline_code').notNull(),
    subject: text('subject').notNull(),
    questionCount: integer('question_count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.examId, table.subjectId] }),
    index('exam_subjects_discipline_idx').on(table.disciplineCode, table.subject),
    index('exam_subjects_subject_idx').on(table.subject),
  ],
);

export const referenceTexts = pgTable(
  'reference_texts',
  {
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    html: text('html').notNull(),
  },
  (table) => [primaryKey({ columns: [table.examId, table.key] })],
);

export const images = pgTable('images', {
  assetId: text('asset_id').primaryKey(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  version: text('version').notNull(),
});

export const questions = pgTable(
  'questions',
  {
    /** `<examId>_<number>`, as in the spec. */
    id: text('id').primaryKey(),
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    statementHtml: text('statement_html').notNull(),
    alternatives: jsonb('alternatives').$type<Alternative[]>().notNull(),
    /** The key. Never sent to a browser before that user's answer is checked. */
    answerLetter: text('answer_letter').notNull(),
    disciplineCode: text('discipline_code')
      .notNull()
      .references(() => disciplines.code),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    referenceKeys: jsonb('reference_keys').$type<string[]>().notNull().default([]),
    imageAssetId: text('image_asset_id').references(() => images.assetId),
    imageDescription: text('image_description'),
  },
  (table) => [
    unique('questions_exam_number_unique').on(table.examId, table.number),
    index('questions_discipline_subject_idx').on(table.disciplineCode, table.subjectId, table.id),
  ],
);
