import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
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
import type { ExamIndexRows, IndexedExam } from './exam-index';

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

/** Everything the in-memory exam search needs, exams in the catalogue's order. */
export async function loadExamIndexRows(db: Database): Promise<ExamIndexRows> {
  const [examRows, disciplineRows, subjectRows, names] = await Promise.all([
    readColumns<IndexedExam>(
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
      'ano desc, id desc',
    ),
    readColumns<ExamIndexRows['examDisciplines'][number]>(db, 'exam_disciplines', {
      examId: 'exam_id',
      disciplineCode: 'discipline_code',
      questionCount: 'question_count',
    }),
    readColumns<ExamIndexRows['examSubjects'][number]>(db, 'exam_subjects', {
      examId: 'exam_id',
      disciplineCode: 'discipline_code',
      subject: 'subject',
      questionCount: 'question_count',
    }),
    db.select({ code: disciplines.code, name: disciplines.name }).from(disciplines),
  ]);
  return {
    exams: examRows,
    examDisciplines: disciplineRows,
    examSubjects: subjectRows,
    disciplineNames: new Map(names.map((row) => [row.code, row.name])),
  };
}

/**
 * A whole table read as one row of JSON arrays, one per column. The PGlite driver spends about
 * 5 µs turning each row it returns into an object, in one run of the server's thread: 0.4 s for
 * the exam subjects of a 100,000-question catalogue, against 50 ms this way (docs/performance.md,
 * "Import while reading"). `columns` maps each field to its column; the names are the code's own.
 */
async function readColumns<Row extends object>(
  db: Database,
  table: string,
  columns: Record<keyof Row & string, string>,
  orderBy?: string,
): Promise<Row[]> {
  const fields = Object.keys(columns) as (keyof Row & string)[];
  const order = orderBy ? ` order by ${orderBy}` : '';
  const selected = fields.map((field) => `json_agg(${columns[field]}${order})::text as "${field}"`);
  const [row] = await executeRows<Record<string, string | null>>(
    db,
    sql.raw(`select ${selected.join(', ')} from ${table}`),
  );
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
