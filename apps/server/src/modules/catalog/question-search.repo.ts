import { sql, type SQL } from 'drizzle-orm';
import type { QuestionSearchFilters } from '@gabarita/shared';
import { type Database, executeRows } from '@/db/client';
import { QUESTION_CARD_EXAM_COLUMNS } from './catalog.repo';
import type { QuestionResultRow } from './question-result-card';

/** Where the next page starts: the last card of this page, in the list's order. */
export interface SearchPosition {
  ano: string;
  examId: string;
  number: number;
  /** Option blocks share numbers: the id orders questions of one number (null in older cursors). */
  id: string | null;
}

const TRUE = sql`true`;

/**
 * The conditions of a question search (docs/product-rules.md, "Question search"). The text goes
 * through `search_query` (migration 0010: accent-insensitive, stemmed Portuguese) against the
 * questions' generated `search_vector`; a text of stop words only searches nothing.
 */
function searchConditions(filters: QuestionSearchFilters, userId: string | null): SQL {
  // Retired questions are out of the catalogue (docs/product-rules.md, "Retired questions").
  const parts: SQL[] = [sql`q.status <> 'annulled'`, sql`q.retired_at is null`];
  if (filters.q && filters.q.includes('"')) {
    // A phrase is estimated as if its words only had to appear anywhere, so the planner would walk
    // the exams in order expecting an early match; its matches are few: take them from the index.
    parts.push(
      sql`(numnode(public.search_query(${filters.q})) = 0 or q.id = any(array(
            select id from questions where search_vector @@ public.search_query(${filters.q}))))`,
    );
  } else if (filters.q) {
    parts.push(
      sql`(numnode(public.search_query(${filters.q})) = 0 or q.search_vector @@ public.search_query(${filters.q}))`,
    );
  }
  if (filters.tipo) parts.push(sql`e.kind = ${filters.tipo}`);
  if (filters.cargo) parts.push(sql`e.cargo_geral = ${filters.cargo}`);
  if (filters.instituicao) parts.push(sql`e.instituicao = ${filters.instituicao}`);
  if (filters.orgao) parts.push(sql`e.orgao = ${filters.orgao}`);
  if (filters.nivel) parts.push(sql`e.nivel = ${filters.nivel}`);
  if (filters.ano) parts.push(sql`e.ano = ${filters.ano}`);
  if (filters.disciplina) parts.push(sql`q.discipline_code = ${filters.disciplina}`);
  if (filters.assunto) {
    parts.push(sql`q.subject_id in (select id from subjects where name = ${filters.assunto})`);
  }
  if (filters.status && userId) {
    // As (not) exists: the planner estimates an anti-join well, a filter on a left join badly.
    const answered = (response: SQL) =>
      sql`exists (select 1 from question_history h where h.question_id = q.id
                  and h.user_id = ${userId} and ${response})`;
    parts.push(
      filters.status === 'nao-resolvidas'
        ? sql`not ${answered(sql`h.response is not null`)}`
        : answered(sql`h.response = ${filters.status === 'acertei' ? 'c' : 'e'}`),
    );
  }
  return sql.join(parts, sql` and `);
}

const historyJoin = (userId: string | null) =>
  userId
    ? sql`left join question_history qh on qh.question_id = q.id and qh.user_id = ${userId}`
    : sql``;

/** Newest exams first, an exam's questions in order; keyset pages, stable while answers change. */
export async function searchQuestionPage(
  db: Database,
  filters: QuestionSearchFilters,
  userId: string | null,
  after: SearchPosition | null,
  limit: number,
  countLimit: number,
) {
  const where = searchConditions(filters, userId);
  const afterCondition = after
    ? sql`(e.ano < ${after.ano} or (e.ano = ${after.ano} and (q.exam_id < ${after.examId}
           or (q.exam_id = ${after.examId} and (q.number > ${after.number}
               ${after.id === null ? sql`` : sql`or (q.number = ${after.number} and q.id > ${after.id})`})))))`
    : TRUE;
  const [items, [count]] = await Promise.all([
    executeRows<QuestionResultRow>(
      db,
      sql`select q.id, q.exam_id, q.number, q.discipline_code, d.name as discipline_name,
                 s.name as subject, ${userId ? sql`qh.response` : sql`null`} as response, q.status,
                 ${QUESTION_CARD_EXAM_COLUMNS}, q.statement_html
          from questions q
          join exams e on e.id = q.exam_id
          join subjects s on s.id = q.subject_id
          join disciplines d on d.code = q.discipline_code
          ${historyJoin(userId)}
          where ${where} and ${afterCondition}
          order by e.ano desc, q.exam_id desc, q.number asc, q.id asc
          limit ${limit}`,
    ),
    // Counted up to a limit: an exact count of a broad search would read most of the catalogue.
    executeRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (
            select 1 from questions q join exams e on e.id = q.exam_id
            where ${where} limit ${countLimit + 1}) matching`,
    ),
  ]);
  return { items, total: count?.total ?? 0 };
}
