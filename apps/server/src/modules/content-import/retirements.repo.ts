import { sql } from 'drizzle-orm';
import { anyOfTexts, type Database, executeRows } from '@/db/client';

export interface QuestionRow {
  exam_id: string;
  id: string;
  number: number;
}

/**
 * The stored questions of these exams that `incoming` lacks. The ids travel as one JSON parameter:
 * a large catalogue has more questions than a statement may have parameters.
 */
export function questionsLeaving(db: Database, examIds: string[], incoming: string[]) {
  return executeRows<QuestionRow>(
    db,
    sql`with incoming as (select jsonb_array_elements_text(${JSON.stringify(incoming)}::jsonb) as id)
        select q.exam_id, q.id, q.number
          from questions q
         where q.exam_id = ${anyOfTexts(examIds)}
           and q.retired_at is null
           and not exists (select 1 from incoming i where i.id = q.id)`,
  );
}

export function retiredQuestionsOf(db: Database, examIds: string[]) {
  return executeRows<QuestionRow>(
    db,
    sql`select q.exam_id, q.id, q.number
          from questions q
         where q.exam_id = ${anyOfTexts(examIds)}
           and q.retired_at is not null`,
  );
}

/** Per exam, the students with a recorded answer to any of these questions. */
export function answeringStudentsPerExam(db: Database, questionIds: string[]) {
  return executeRows<{ exam_id: string; students: number }>(
    db,
    sql`select q.exam_id, count(distinct h.user_id)::int as students
          from question_history h join questions q on q.id = h.question_id
         where h.response is not null
           and h.question_id in (select jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb))
         group by q.exam_id`,
  );
}
