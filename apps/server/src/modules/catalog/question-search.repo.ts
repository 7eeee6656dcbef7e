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
 * How the text is matched, chosen from the number of its matches (findTextMatches): `few` lists
 * the ids of all its matches, taken from the index; `many` checks the text on each question of the
 * walk in the list's order (it meets a page of matches early); `none` is a text of stop words
 * only, which searches nothing.
 */
export type TextMatch = { kind: 'none' } | { kind: 'few'; ids: string[] } | { kind: 'many' };

const textQuery = (text: string) => sql`public.search_query(${text})`;

/** A text with a phrase in quotes ('"recursos hídricos"'). */
export const hasPhrase = (text: string) => text.includes('"');

/**
 * For the rest of the transaction, the matches of a phrase are read through the index, which knows
 * its pairs of words (migration 0032). The planner takes a phrase for about as common as its words
 * together and scans the table for its first matches, through the whole table when its words are
 * common apart and rare together: 1.1 s at a million questions, 75–97 ms through the index
 * (docs/performance.md, "A million questions").
 */
export async function matchPhrasesThroughIndex(tx: Database) {
  await tx.execute(sql`set local enable_seqscan = off`);
}

/**
 * The text's matches through its GIN index, their ids when there are `few` or less, or null when
 * there is none. Cheap whatever the text: a word in no statement costs an index lookup, where the
 * walk in the list's order would read the whole catalogue looking for it. Words the statistics put
 * in `common` questions or more are not counted: counting them costs more than the walk, which
 * meets a page of them early. Phrases are always counted: their words may be common together and
 * rare in that order.
 */
export async function findTextMatches(
  db: Database,
  text: string,
  few: number,
  common: number,
): Promise<TextMatch | null> {
  if (!hasPhrase(text) && (await commonByStatistics(db, text, common))) return { kind: 'many' };
  // The planner goes through the index for a word it takes for rare (one absent from its
  // statistics included) and scans the table for a common one, stopping at `few` + 1 matches:
  // either way one bounded pass, whose ids are kept when they are few. A text the index cannot
  // answer (a negation alone) matches most questions: many.
  const [row] = await executeRows<{ empty: boolean; ids: string[] | null }>(
    db,
    sql`select numnode(${textQuery(text)}) = 0 as empty,
               case when numnode(${textQuery(text)}) > 0 and querytree(${textQuery(text)}) <> 'T'
                    then array(select id from questions where search_vector @@ ${textQuery(text)}
                               limit ${few + 1}) end as ids`,
  );
  if (!row || row.empty) return { kind: 'none' };
  if (!row.ids || row.ids.length > few) return { kind: 'many' };
  return row.ids.length === 0 ? null : { kind: 'few', ids: row.ids };
}

/**
 * PostgreSQL's share of the table for a word its statistics do not hold, at most
 * (`DEFAULT_TS_MATCH_SEL`, ts_selfuncs.c).
 */
const UNKNOWN_WORD_SHARE = 0.005;

/**
 * Whether the catalogue's statistics put the text in `common` questions or more. An estimate that
 * words absent from the statistics could give is not taken for one: the planner puts each such
 * word at up to 0.5 % of the table, so at 3,000,000 questions a word in no statement was estimated
 * at about 30,000 and its first search walked the whole catalogue (docs/performance.md, "A million
 * questions"). A text's words, each with its unaccented stem, are at most (nodes + 1) / 2.
 */
async function commonByStatistics(db: Database, text: string, common: number) {
  const estimate = await plannedRows(
    db,
    sql`select 1 from questions where search_vector @@ ${textQuery(text)}`,
  );
  if (estimate < common) return false;
  const table = await plannedRows(db, sql`select 1 from questions`);
  const [row] = await executeRows<{ nodes: number }>(
    db,
    sql`select numnode(${textQuery(text)}) as nodes`,
  );
  const words = ((row?.nodes ?? 0) + 1) / 2;
  // The planner rounds its estimate to whole rows.
  return estimate > words * UNKNOWN_WORD_SHARE * table + 1;
}

/** The planner's estimate of the rows a query returns, from the catalogue's statistics. */
async function plannedRows(db: Database, query: SQL): Promise<number> {
  const [row] = await executeRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) ${query}`,
  );
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  return parsed?.[0]?.Plan?.['Plan Rows'] ?? 0;
}

/** A text[] literal: each id quoted, its quotes and backslashes escaped. */
const textArray = (values: string[]) =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

function textCondition(text: string | undefined, match: TextMatch): SQL {
  if (!text || match.kind === 'none') return TRUE;
  // Few matches: only those questions are joined and sorted. The planner, taking a rare word or a
  // phrase for a more common one, would walk the list instead, through the whole catalogue.
  return match.kind === 'few'
    ? sql`q.id = any(${textArray(match.ids)}::text[])`
    : sql`q.search_vector @@ ${textQuery(text)}`;
}

/**
 * The conditions of a question search (docs/product-rules.md, "Question search"). The text goes
 * through `search_query` (migration 0010: accent-insensitive, stemmed Portuguese) against the
 * questions' generated `search_vector`.
 */
function searchConditions(
  filters: QuestionSearchFilters,
  userId: string | null,
  match: TextMatch,
): SQL {
  // Retired questions are out of the catalogue (docs/product-rules.md, "Retired questions").
  const parts: SQL[] = [
    sql`q.status <> 'annulled'`,
    sql`q.retired_at is null`,
    textCondition(filters.q, match),
  ];
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
  if (filters.status === 'nao-resolvidas' && userId) {
    // As not exists: the planner estimates an anti-join well, a filter on a left join badly.
    parts.push(sql`not exists (select 1 from question_history h where h.question_id = q.id
                               and h.user_id = ${userId} and h.response is not null)`);
  } else if (filters.status && userId) {
    // The user's right (or wrong) answers, read first: the planner then looks each one up, where
    // a join would walk the catalogue in the list's order checking the text of every question.
    parts.push(sql`q.id = any(array(select h.question_id from question_history h
                                     where h.user_id = ${userId}
                                       and h.response = ${filters.status === 'acertei' ? 'c' : 'e'}))`);
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
  match: TextMatch,
  userId: string | null,
  after: SearchPosition | null,
  limit: number,
  countLimit: number,
) {
  const where = searchConditions(filters, userId, match);
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
