import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type Database, executeRows } from '../../db/client';
import {
  disciplines,
  exams,
  images,
  questionHistory,
  questions,
  referenceTexts,
  subjects,
} from '../../db/schema';
import type { ExamFilters } from '@gabarita/shared';

type ColumnFilter = 'cargo' | 'orgao' | 'nivel' | 'instituicao' | 'ano';
const COLUMN_OF: Record<ColumnFilter, SQL> = {
  cargo: sql`e.cargo_geral`,
  orgao: sql`e.orgao`,
  nivel: sql`e.nivel`,
  instituicao: sql`e.instituicao`,
  ano: sql`e.ano`,
};
const COLUMN_FILTERS = Object.keys(COLUMN_OF) as ColumnFilter[];

const TRUE = sql`true`;
const and_ = (parts: SQL[]) => (parts.length === 0 ? TRUE : sql.join(parts, sql` and `));

function columnCondition(filters: ExamFilters, key: ColumnFilter): SQL {
  const value = filters[key];
  return value ? sql`${COLUMN_OF[key]} = ${value}` : TRUE;
}

/**
 * The discipline/subject filter: a subject alone matches exams having it in any discipline; with a
 * discipline, the subject must be in that discipline.
 */
function subjectCondition(filters: ExamFilters): SQL {
  const { disciplina, assunto } = filters;
  if (!disciplina && !assunto) return TRUE;
  const parts = [
    ...(disciplina ? [sql`es.discipline_code = ${disciplina}`] : []),
    ...(assunto ? [sql`es.subject = ${assunto}`] : []),
  ];
  return sql`exists (select 1 from exam_subjects es where es.exam_id = e.id and ${and_(parts)})`;
}

function allConditions(filters: ExamFilters): SQL {
  return and_([
    ...COLUMN_FILTERS.map((key) => columnCondition(filters, key)),
    subjectCondition(filters),
  ]);
}

/** Options of the five exam-column filters, each counted with every other filter applied, in one scan. */
export async function columnFacets(db: Database, filters: ExamFilters) {
  const matches = COLUMN_FILTERS.map(
    (key) => sql`${columnCondition(filters, key)} as ${sql.identifier(`m_${key}`)}`,
  );
  const rows = COLUMN_FILTERS.map((key) => {
    const others = COLUMN_FILTERS.filter((other) => other !== key).map((other) =>
      sql.identifier(`m_${other}`),
    );
    return sql`(${key}::text, m.${sql.identifier(`v_${key}`)}, ${sql.join([...others, sql`m.m_subject`], sql` and `)})`;
  });
  return executeRows<{ facet: ColumnFilter; value: string; count: number }>(
    db,
    sql`with m as (
          select e.cargo_geral as v_cargo, e.orgao as v_orgao, e.nivel as v_nivel,
                 e.instituicao as v_instituicao, e.ano as v_ano,
                 ${sql.join(matches, sql`, `)}, ${subjectCondition(filters)} as m_subject
          from exams e)
        select f.facet, f.value, count(*)::int as count
        from m cross join lateral (values ${sql.join(rows, sql`, `)}) as f(facet, value, ok)
        where f.ok
        group by f.facet, f.value`,
  );
}

/** Disciplines, counted over exams matching the column filters (and the subject, if any). */
export async function disciplineFacet(db: Database, filters: ExamFilters) {
  const columns = and_(COLUMN_FILTERS.map((key) => columnCondition(filters, key)));
  return executeRows<{ value: string; label: string; count: number }>(
    db,
    sql`select es.discipline_code as value, d.name as label, count(distinct es.exam_id)::int as count
        from exam_subjects es
        join exams e on e.id = es.exam_id
        join disciplines d on d.code = es.discipline_code
        where ${columns} ${filters.assunto ? sql`and es.subject = ${filters.assunto}` : sql``}
        group by es.discipline_code, d.name`,
  );
}

/** Subjects (of the chosen discipline, if any), counted over exams matching the column filters. */
export async function subjectFacet(db: Database, filters: ExamFilters) {
  const columns = and_(COLUMN_FILTERS.map((key) => columnCondition(filters, key)));
  return executeRows<{ value: string; count: number }>(
    db,
    sql`select es.subject as value, count(distinct es.exam_id)::int as count
        from exam_subjects es
        join exams e on e.id = es.exam_id
        where ${columns} ${filters.disciplina ? sql`and es.discipline_code = ${filters.disciplina}` : sql``}
        group by es.subject`,
  );
}

export async function countExams(db: Database, filters: ExamFilters) {
  const [row] = await executeRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from exams e where ${allConditions(filters)}`,
  );
  return row?.total ?? 0;
}

export interface ExamRow {
  id: string;
  cargo: string;
  cargo_geral: string;
  orgao: string;
  nivel: string;
  instituicao: string;
  ano: string;
  question_count: number;
  demonstration: boolean;
  matching: number | null;
  in_history: boolean;
}

export async function examPage(
  db: Database,
  filters: ExamFilters,
  userId: string | null,
  offset: number,
  limit: number,
) {
  const matching = filters.disciplina
    ? sql`(select coalesce(sum(es.question_count), 0)::int from exam_subjects es
           where es.exam_id = e.id and es.discipline_code = ${filters.disciplina}
           ${filters.assunto ? sql`and es.subject = ${filters.assunto}` : sql``})`
    : sql`null::int`;
  const inHistory = userId
    ? sql`exists (select 1 from test_history th where th.exam_id = e.id and th.user_id = ${userId})`
    : sql`false`;
  return executeRows<ExamRow>(
    db,
    sql`select e.id, e.cargo, e.cargo_geral, e.orgao, e.nivel, e.instituicao, e.ano,
               e.question_count, e.demonstration, ${matching} as matching, ${inHistory} as in_history
        from exams e
        where ${allConditions(filters)}
        order by e.ano desc, e.id
        limit ${limit} offset ${offset}`,
  );
}

export async function findExam(db: Database, examId: string, userId: string | null) {
  const [row] = await executeRows<ExamRow>(
    db,
    sql`select e.id, e.cargo, e.cargo_geral, e.orgao, e.nivel, e.instituicao, e.ano,
               e.question_count, e.demonstration, null::int as matching,
               ${userId ? sql`exists (select 1 from test_history th where th.exam_id = e.id and th.user_id = ${userId})` : sql`false`} as in_history
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
  cargo: string;
  orgao: string;
  ano: string;
}

const questionCardColumns = (userId: string | null) => sql`
  q.id, q.exam_id, q.number, q.discipline_code, d.name as discipline_name, s.name as subject,
  ${userId ? sql`qh.response` : sql`null`} as response, e.cargo, e.orgao, e.ano`;
const questionCardJoins = (userId: string | null) => sql`
  join subjects s on s.id = q.subject_id
  join disciplines d on d.code = q.discipline_code
  join exams e on e.id = q.exam_id
  ${userId ? sql`left join question_history qh on qh.question_id = q.id and qh.user_id = ${userId}` : sql``}`;

export async function examQuestionCards(db: Database, examId: string, userId: string | null) {
  return executeRows<QuestionCardRow>(
    db,
    sql`select ${questionCardColumns(userId)} from questions q ${questionCardJoins(userId)}
        where q.exam_id = ${examId} order by q.number`,
  );
}

export async function disciplineQuestionCards(
  db: Database,
  disciplineCode: string,
  subject: string | undefined,
  userId: string | null,
  offset: number,
  limit: number,
) {
  const where = sql`q.discipline_code = ${disciplineCode} ${subject ? sql`and s.name = ${subject}` : sql``}`;
  const [total] = await executeRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from questions q join subjects s on s.id = q.subject_id where ${where}`,
  );
  const items = await executeRows<QuestionCardRow>(
    db,
    sql`select ${questionCardColumns(userId)} from questions q ${questionCardJoins(userId)}
        where ${where}
        order by e.ano desc, q.exam_id, q.number
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

export async function findImage(db: Database, assetId: string) {
  const [row] = await db.select().from(images).where(eq(images.assetId, assetId));
  return row;
}
