import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import { QUESTION_CARD_EXAM_COLUMNS, type QuestionResultRow } from '@/modules/catalog';

export async function countDueReviews(db: Database, userId: string, today: string) {
  const [row] = await executeRows<{ due: number; total: number }>(
    db,
    sql`select count(*) filter (where ri.due_day <= ${today})::int as due, count(*)::int as total
        from review_items ri join questions q on q.id = ri.question_id
        where ri.user_id = ${userId} and q.status <> 'annulled'`,
  );
  return row ?? { due: 0, total: 0 };
}

export interface ReviewRow extends QuestionResultRow {
  step: number;
  due_day: string | null;
  last_wrong_at: Date;
}

/** The user's notebook, due questions first; annulled questions leave it. */
export async function listReviewItems(
  db: Database,
  userId: string,
  filters: { disciplina?: string; assunto?: string },
  today: string,
) {
  return executeRows<ReviewRow>(
    db,
    sql`select q.id, q.exam_id, q.number, q.discipline_code, d.name as discipline_name,
               s.name as subject, qh.response, q.status, ${QUESTION_CARD_EXAM_COLUMNS}, q.statement_html,
               ri.step, to_char(ri.due_day, 'YYYY-MM-DD') as due_day, ri.last_wrong_at
        from review_items ri
        join questions q on q.id = ri.question_id
        join exams e on e.id = q.exam_id
        join subjects s on s.id = q.subject_id
        join disciplines d on d.code = q.discipline_code
        left join question_history qh on qh.question_id = q.id and qh.user_id = ri.user_id
        where ri.user_id = ${userId} and q.status <> 'annulled'
          ${filters.disciplina ? sql`and q.discipline_code = ${filters.disciplina}` : sql``}
          ${filters.assunto ? sql`and s.name = ${filters.assunto}` : sql``}
        order by (ri.due_day is not null and ri.due_day <= ${today}) desc,
                 ri.due_day asc nulls last, ri.last_wrong_at desc, q.id`,
  );
}

/** Disciplines and subjects present in the user's notebook (for its filters). */
export async function reviewSubjects(db: Database, userId: string) {
  return executeRows<{ code: string; name: string; subject: string }>(
    db,
    sql`select distinct q.discipline_code as code, d.name, s.name as subject
        from review_items ri
        join questions q on q.id = ri.question_id
        join subjects s on s.id = q.subject_id
        join disciplines d on d.code = q.discipline_code
        where ri.user_id = ${userId} and q.status <> 'annulled'`,
  );
}
