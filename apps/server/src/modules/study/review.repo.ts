import { and, eq, sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import { reviewItems } from '@/db/schema';
import type { LadderState } from './review-ladder';
import { QUESTION_CARD_EXAM_COLUMNS, type QuestionResultRow } from '@/modules/catalog';

/** The question's place on the user's review ladder, locked until the transaction ends. */
export async function lockReviewItem(db: Database, userId: string, questionId: string) {
  const [row] = await db
    .select({ step: reviewItems.step, dueDay: reviewItems.dueDay })
    .from(reviewItems)
    .where(and(eq(reviewItems.userId, userId), eq(reviewItems.questionId, questionId)))
    .for('update');
  return row;
}

export async function saveReviewItem(
  db: Database,
  userId: string,
  questionId: string,
  state: LadderState,
  { wrongAt, reviewedAt }: { wrongAt: Date | null; reviewedAt: Date },
) {
  await db
    .insert(reviewItems)
    .values({
      userId,
      questionId,
      step: state.step,
      dueDay: state.dueDay,
      lastWrongAt: wrongAt ?? reviewedAt,
      lastReviewedAt: reviewedAt,
    })
    .onConflictDoUpdate({
      target: [reviewItems.userId, reviewItems.questionId],
      set: {
        step: state.step,
        dueDay: state.dueDay,
        lastReviewedAt: reviewedAt,
        ...(wrongAt ? { lastWrongAt: wrongAt } : {}),
      },
    });
}

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
