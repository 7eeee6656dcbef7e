import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Database, executeRows } from '@/db/client';
import {
  disciplines,
  exams,
  images,
  questionHistory,
  questions,
  referenceTexts,
  subjects,
  testHistory,
} from '@/db/schema';
import type { ExamKind } from '@gabarita/shared';
import type { ExamDisciplineRow, ExamSubjectRow, IndexedExam } from './exam-index';

export interface ExamRow {
  id: string;
  kind: ExamKind;
  /** Null outside concursos (docs/product-rules.md, "Exam kinds and option blocks"). */
  cargo: string | null;
  cargo_geral: string | null;
  orgao: string | null;
  nivel: string | null;
  options: { key: string; name: string }[];
  instituicao: string;
  ano: string;
  question_count: number;
  demonstration: boolean;
  matching: number | null;
  in_history: boolean;
}

/** The columns of an exam card; `matching` is the filtered discipline's question count, or null. */
function examCardColumns(userId: string | null, matching: SQL) {
  const inHistory = userId
    ? sql`exists (select 1 from test_history th where th.exam_id = e.id and th.user_id = ${userId})`
    : sql`false`;
  // cargo_geral is '' for exams without one (its column predates exam kinds).
  return sql`e.id, e.kind, e.cargo, nullif(e.cargo_geral, '') as cargo_geral, e.orgao, e.nivel,
             e.options, e.instituicao, e.ano, e.question_count, e.demonstration,
             ${matching} as matching, ${inHistory} as in_history`;
}

/** An exam card with what its dashboard adds: annulled and outdated counts and the source. */
export async function findExamDetail(db: Database, examId: string, userId: string | null) {
  const [row] = await executeRows<
    ExamRow & {
      annulled_count: number;
      outdated_count: number;
      source: { origem: string; licenca: string | null; url: string | null } | null;
    }
  >(
    db,
    sql`select ${examCardColumns(userId, sql`null::int`)}, e.annulled_count, e.outdated_count, e.source
        from exams e where e.id = ${examId}`,
  );
  return row;
}

export interface QuestionCardRow {
  id: string;
  exam_id: string;
  number: number;
  discipline_code: string;
  discipline_name: string;
  subject: string;
  response: 'c' | 'e' | null;
  status: 'regular' | 'annulled' | 'outdated';
  /** The option block the question belongs to; null: a common question. */
  option_key: string | null;
  kind: ExamKind;
  cargo: string | null;
  orgao: string | null;
  instituicao: string;
  ano: string;
}

/** What every list of question cards selects of the exam: enough to label it (exam-label.ts). */
export const QUESTION_CARD_EXAM_COLUMNS = sql`q.option_key, e.kind, e.cargo, e.orgao, e.instituicao, e.ano`;

const questionCardColumns = (userId: string | null) => sql`
  q.id, q.exam_id, q.number, q.discipline_code, d.name as discipline_name, s.name as subject,
  ${userId ? sql`qh.response` : sql`null`} as response, q.status, ${QUESTION_CARD_EXAM_COLUMNS}`;
const questionCardJoins = (userId: string | null) => sql`
  join subjects s on s.id = q.subject_id
  join disciplines d on d.code = q.discipline_code
  join exams e on e.id = q.exam_id
  ${userId ? sql`left join question_history qh on qh.question_id = q.id and qh.user_id = ${userId}` : sql``}`;

export async function examQuestionCards(db: Database, examId: string, userId: string | null) {
  return executeRows<QuestionCardRow>(
    db,
    sql`select ${questionCardColumns(userId)} from questions q ${questionCardJoins(userId)}
        where q.exam_id = ${examId} and q.retired_at is null order by q.number`,
  );
}

export async function disciplineQuestionCards(
  db: Database,
  disciplineCode: string,
  subject: string | undefined,
  userId: string | null,
  offset: number,
  limit: number,
  /** Leave outdated questions out too. Annulled ones are never listed here. */
  hideOutdated = false,
) {
  const where = sql`q.discipline_code = ${disciplineCode} ${subject ? sql`and s.name = ${subject}` : sql``}
    and q.status ${hideOutdated ? sql`= 'regular'` : sql`<> 'annulled'`} and q.retired_at is null`;
  const [total] = await executeRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from questions q join subjects s on s.id = q.subject_id where ${where}`,
  );
  const items = await executeRows<QuestionCardRow>(
    db,
    sql`select ${questionCardColumns(userId)} from questions q ${questionCardJoins(userId)}
        where ${where}
        order by e.ano desc, q.exam_id, q.number, q.id
        limit ${limit} offset ${offset}`,
  );
  return { total: total?.total ?? 0, items };
}

export async function listDisciplines(db: Database) {
  return db.select().from(disciplines).orderBy(asc(disciplines.name));
}

export async function subjectCounts(db: Database) {
  return executeRows<{ discipline_code: string; subject: string; count: number }>(
    db,
    sql`select s.discipline_code, s.name as subject, count(q.id)::int as count
        from subjects s join questions q on q.subject_id = s.id
        where q.status <> 'annulled' and q.retired_at is null
        group by s.discipline_code, s.name`,
  );
}

export async function findDiscipline(db: Database, code: string) {
  const [row] = await db.select().from(disciplines).where(eq(disciplines.code, code));
  return row;
}

export async function findQuestion(db: Database, questionId: string) {
  const [row] = await db
    .select({
      question: questions,
      exam: exams,
      subject: subjects.name,
      disciplineName: disciplines.name,
      imageVersion: images.version,
    })
    .from(questions)
    .innerJoin(exams, eq(exams.id, questions.examId))
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .innerJoin(disciplines, eq(disciplines.code, questions.disciplineCode))
    .leftJoin(images, eq(images.assetId, questions.imageAssetId))
    .where(eq(questions.id, questionId));
  return row;
}

export async function findReferenceTexts(db: Database, examId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ key: referenceTexts.key, html: referenceTexts.html })
    .from(referenceTexts)
    .where(and(eq(referenceTexts.examId, examId), inArray(referenceTexts.key, keys)));
}

export async function findAnswer(db: Database, userId: string, questionId: string) {
  const [row] = await db
    .select()
    .from(questionHistory)
    .where(and(eq(questionHistory.userId, userId), eq(questionHistory.questionId, questionId)));
  return row;
}

/** What the viewer needs to draw these images (not their bytes). */
export async function findFigures(db: Database, assetIds: string[]) {
  if (assetIds.length === 0) return [];
  return db
    .select({
      assetId: images.assetId,
      version: images.version,
      width: images.width,
      height: images.height,
      minWidth: images.minWidth,
      hasZoom: sql<boolean>`${images.zoomContent} is not null`,
    })
    .from(images)
    .where(inArray(images.assetId, assetIds));
}

export async function findImage(db: Database, assetId: string) {
  const [row] = await db.select().from(images).where(eq(images.assetId, assetId));
  return row;
}

export async function questionExists(db: Database, questionId: string) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.id, questionId));
  return Boolean(row);
}

/** Ids of the questions of one discipline and subject, in a stable order. */
export async function subjectQuestionIds(
  db: Database,
  disciplineCode: string,
  subject: string,
  limit: number,
) {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .where(
      and(
        eq(questions.disciplineCode, disciplineCode),
        eq(subjects.name, subject),
        ne(questions.status, 'annulled'),
        isNull(questions.retiredAt),
      ),
    )
    .orderBy(asc(questions.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The team's study notes on a discipline's subject, or null. */
export async function findSubjectNotes(db: Database, disciplineCode: string, subject: string) {
  const [row] = await db
    .select({ notes: subjects.studyNotes })
    .from(subjects)
    .where(and(eq(subjects.disciplineCode, disciplineCode), eq(subjects.name, subject)));
  return row?.notes ?? null;
}

/** Every question id in the catalogue (retired ones aside), in order (exam, number). */
export async function listQuestionIds(db: Database) {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(isNull(questions.retiredAt))
    .orderBy(asc(questions.examId), asc(questions.number));
  return rows.map((row) => row.id);
}

/** Rows per statement when the exam index is read: each page is one short stretch of work. */
const INDEX_PAGE_ROWS = 5_000;

/** Where the rows of the exam index go, a page at a time (exam-index.ts, the builder). */
export interface ExamIndexSink {
  addExams(page: IndexedExam[]): void;
  addDisciplines(page: ExamDisciplineRow[]): void;
  addSubjects(page: ExamSubjectRow[]): void;
}

/**
 * Everything the in-memory exam search needs, in pages: the exams in the catalogue's order first,
 * then their disciplines and subjects. Returns the disciplines' names.
 */
export async function loadExamIndexRows(db: Database, sink: ExamIndexSink) {
  await readColumns<IndexedExam>(
    db,
    'exams',
    {
      id: 'id',
      kind: 'kind',
      cargo: 'cargo',
      cargoGeral: 'cargo_geral',
      orgao: 'orgao',
      nivel: 'nivel',
      instituicao: 'instituicao',
      ano: 'ano',
      questionCount: 'question_count',
      demonstration: 'demonstration',
      options: 'options',
    },
    { columns: ['ano', 'id'], descending: true },
    (page) => sink.addExams(page),
  );
  const readNames = () =>
    db.select({ code: disciplines.code, name: disciplines.name }).from(disciplines);
  const readDisciplines = () =>
    readColumns<ExamDisciplineRow>(
      db,
      'exam_disciplines',
      { examId: 'exam_id', disciplineCode: 'discipline_code', questionCount: 'question_count' },
      { columns: ['exam_id', 'discipline_code'] },
      (page) => sink.addDisciplines(page),
    );
  const readSubjects = () =>
    readColumns<ExamSubjectRow & { subjectId: number }>(
      db,
      'exam_subjects',
      {
        examId: 'exam_id',
        subjectId: 'subject_id',
        disciplineCode: 'discipline_code',
        subject: 'subject',
        questionCount: 'question_count',
      },
      { columns: ['exam_id', 'subject_id'] },
      (page) => sink.addSubjects(page),
    );
  // A transaction (the import's) is one connection: there the reads go one after another, since
  // the driver would only queue them (a use it deprecates). A pool runs them side by side.
  let names: Awaited<ReturnType<typeof readNames>>;
  if (db instanceof PgTransaction) {
    names = await readNames();
    await readDisciplines();
    await readSubjects();
  } else {
    [names] = await Promise.all([readNames(), readDisciplines(), readSubjects()]);
  }
  return new Map(names.map((row) => [row.code, row.name]));
}

/**
 * A whole table read in pages of INDEX_PAGE_ROWS rows, in the order of `key` (keyset paging on
 * an index), each page as one row of JSON arrays, one per column. The PGlite driver spends about
 * 5 µs turning each row it returns into an object, in one run of the server's thread: 0.4 s for
 * the exam subjects of a 100,000-question catalogue, against 50 ms this way (docs/performance.md,
 * "Import while reading"); pages keep each run short (docs/performance.md, "The exam index at
 * scale"). `columns` maps each field to its column; the names are the code's own.
 */
async function readColumns<Row extends object>(
  db: Database,
  table: string,
  columns: Record<keyof Row & string, string>,
  key: PageKey,
  onPage: (rows: Row[]) => void,
): Promise<void> {
  const fields = Object.keys(columns) as (keyof Row & string)[];
  const keyFields = key.columns.map((column) => fields.find((field) => columns[field] === column)!);
  let after: unknown[] | undefined;
  for (;;) {
    const [row] = await executeRows<Record<string, string | null>>(
      db,
      pageQuery(table, Object.values(columns), fields, key, after),
    );
    const rows = toRows<Row>(fields, row);
    if (rows.length > 0) onPage(rows);
    if (rows.length < INDEX_PAGE_ROWS) return;
    // PGlite answers within microtasks: without this, waiting requests would wait for every page.
    await new Promise((resolve) => setImmediate(resolve));
    const last = rows[rows.length - 1] as Record<string, unknown>;
    after = keyFields.map((field) => last[field]);
  }
}

interface PageKey {
  columns: string[];
  descending?: boolean;
}

/** The page after the key values `after` (the first page without them), as JSON arrays by field. */
function pageQuery(
  table: string,
  columns: string[],
  fields: string[],
  key: PageKey,
  after: unknown[] | undefined,
) {
  const direction = key.descending ? ' desc' : '';
  const order = key.columns.map((column) => `${column}${direction}`).join(', ');
  const selected = fields.map(
    (field, index) => `json_agg(${columns[index]} order by ${order})::text as "${field}"`,
  );
  const where = after
    ? sql`where (${sql.raw(key.columns.join(', '))}) ${sql.raw(key.descending ? '<' : '>')} (${sql.join(
        after.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql``;
  return sql`select ${sql.raw(selected.join(', '))}
    from (select ${sql.raw(columns.join(', '))} from ${sql.raw(table)} ${where}
          order by ${sql.raw(order)} limit ${INDEX_PAGE_ROWS}) page`;
}

function toRows<Row>(fields: string[], row: Record<string, string | null> | undefined): Row[] {
  const values = fields.map((field) => (JSON.parse(row?.[field] ?? 'null') ?? []) as unknown[]);
  const rows: Row[] = [];
  for (let index = 0; index < (values[0]?.length ?? 0); index += 1) {
    const record: Record<string, unknown> = {};
    fields.forEach((field, column) => (record[field] = values[column]![index]));
    rows.push(record as Row);
  }
  return rows;
}

/** Which of these exams the user has opened. */
export async function examsInHistory(db: Database, userId: string, examIds: string[]) {
  if (examIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ examId: testHistory.examId })
    .from(testHistory)
    .where(and(eq(testHistory.userId, userId), inArray(testHistory.examId, examIds)));
  return new Set(rows.map((row) => row.examId));
}

/** The user's recorded results ('c' or 'e') for these questions, when there is one. */
export async function responsesOf(db: Database, userId: string, questionIds: string[]) {
  if (questionIds.length === 0) return new Map<string, 'c' | 'e'>();
  const rows = await db
    .select({ questionId: questionHistory.questionId, response: questionHistory.response })
    .from(questionHistory)
    .where(
      and(eq(questionHistory.userId, userId), inArray(questionHistory.questionId, questionIds)),
    );
  return new Map(
    rows.flatMap((row) => (row.response ? [[row.questionId, row.response] as const] : [])),
  );
}

/** What checking an answer needs: the key, the letters offered and the question's state. */
/** A question's authored comment: undefined when there is no such question, null without one. */
export async function findQuestionCommentary(db: Database, questionId: string) {
  const [row] = await db
    .select({ commentary: questions.commentary })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row ? row.commentary : undefined;
}

export async function findQuestionKey(db: Database, questionId: string) {
  const [row] = await db
    .select({
      examId: questions.examId,
      answerLetter: questions.answerLetter,
      alternatives: questions.alternatives,
      status: questions.status,
      retired: sql<boolean>`${questions.retiredAt} is not null`,
    })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row ?? null;
}

/** The catalogue's discipline and subject names: other modules read editais with them. */
export async function catalogNames(
  db: Database,
): Promise<{ disciplines: string[]; subjects: string[] }> {
  const [disciplineRows, subjectRows] = [
    await db.selectDistinct({ name: disciplines.name }).from(disciplines),
    await db.selectDistinct({ name: subjects.name }).from(subjects),
  ];
  return {
    disciplines: disciplineRows.map((row) => row.name),
    subjects: subjectRows.map((row) => row.name),
  };
}
