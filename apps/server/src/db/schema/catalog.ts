import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { EXAM_KINDS, type QuestionCommentary, type SubjectStudyNotes } from '@gabarita/shared';
import { bytea } from './column-types';

export interface Alternative {
  letter: string;
  /** Plain text; for formatted or image alternatives, their text with figures as "[Figura: …]". */
  text: string;
  /** Sanitized HTML of a formatted alternative (format 2). */
  html?: string | null;
  /** An alternative that is an image (format 2). */
  figure?: { assetId: string; description: string } | null;
}

/** A named group of questions of which a candidate takes one (format 2 `opcoes`). */
export interface ExamOptionColumn {
  key: string;
  name: string;
}

export interface ExamSourceColumn {
  origem: string;
  licenca: string | null;
  url: string | null;
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
    /** The team's study notes (format 2 `notas/`): the offline study text is built from them. */
    studyNotes: jsonb('study_notes').$type<SubjectStudyNotes>(),
  },
  (table) => [unique('subjects_discipline_name_unique').on(table.disciplineCode, table.name)],
);

export const exams = pgTable(
  'exams',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: EXAM_KINDS }).notNull().default('concurso'),
    /** These four are null outside concursos (docs/product-rules.md, "Exam kinds…"). */
    cargoGeral: text('cargo_geral'),
    cargo: text('cargo'),
    orgao: text('orgao'),
    nivel: text('nivel'),
    instituicao: text('instituicao').notNull(),
    ano: text('ano').notNull(),
    /** Questions that count: annulled ones are left out (docs/product-rules.md). */
    questionCount: integer('question_count').notNull(),
    annulledCount: integer('annulled_count').notNull().default(0),
    outdatedCount: integer('outdated_count').notNull().default(0),
    demonstration: boolean('demonstration').notNull().default(false),
    /** Where the exam came from and its licence, shown on the exam dashboard. */
    source: jsonb('source').$type<ExamSourceColumn>(),
    /** Option blocks, in the file's order; empty when the exam has none. */
    options: jsonb('options').$type<ExamOptionColumn[]>().notNull().default([]),
    /** When an import last wrote the exam; the console's saves leave it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('exams_ano_id_idx').on(table.ano, table.id),
    check(
      'exams_kind_check',
      sql`${table.kind} in ('concurso', 'vestibular', 'enem', 'certificacao', 'olimpiada')`,
    ),
  ],
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
  /** What the page shows: the file as imported, or re-encoded to a sensible width. */
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  version: text('version').notNull(),
  /** Size of `content` in CSS pixels; null for images imported before format 2. */
  width: integer('width'),
  height: integer('height'),
  /** The narrowest width at which its text stays readable; null: may shrink to fit. */
  minWidth: integer('min_width'),
  /** The original of a re-encoded raster, for the full-screen view. */
  zoomContentType: text('zoom_content_type'),
  zoomContent: bytea('zoom_content'),
});

export const questions = pgTable(
  'questions',
  {
    /** `<examId>_<number>`, as in the spec; in an option block `<examId>_<option>_<number>`. */
    id: text('id').primaryKey(),
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** The option block the question belongs to (`exams.options`); null: every candidate's. */
    optionKey: text('option_key'),
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
    /** 'regular', 'annulled' or 'outdated' (docs/product-rules.md). */
    status: text('status', { enum: ['regular', 'annulled', 'outdated'] })
      .notNull()
      .default('regular'),
    statusNote: text('status_note'),
    /** The authored comment (format 2 `comentario`); shown after a check (docs/product-rules.md). */
    commentary: jsonb('commentary').$type<QuestionCommentary>(),
    /**
     * Set when a re-import left the question out: it leaves lists and search, and the history,
     * statistics and caderno that hold it keep it (docs/product-rules.md, "Retired questions").
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    check('questions_status_check', sql`${table.status} in ('regular', 'annulled', 'outdated')`),
    unique('questions_exam_option_number_unique')
      .on(table.examId, table.optionKey, table.number)
      .nullsNotDistinct(),
    index('questions_discipline_subject_idx').on(table.disciplineCode, table.subjectId, table.id),
  ],
);

/**
 * One row: the catalogue's version, bumped by every import in its own transaction. Instances keep
 * read models of the catalogue in memory and drop them when it changes (NOTIFY catalog_changed).
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('catalog_version_single_row', sql`${table.id} = 1`)],
);

/**
 * The exam index of one catalogue version, encoded (exam-index-snapshot.ts): an instance whose
 * catalogue changed loads it in one read instead of building it from the tables' rows. The newest
 * version's only: saving one deletes the older.
 */
export const examIndexSnapshots = pgTable('exam_index_snapshots', {
  catalogVersion: integer('catalog_version').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
