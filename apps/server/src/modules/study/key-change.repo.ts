// What a change of a question's key rewrites of the students' study (key-change.ts).
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  questionHistory,
  type SimuladoResultColumn,
  simuladoQuestions,
  simulados,
} from '@/db/schema';

/** Every answer given to the question: who, which letter, the verdict on record. */
export async function answersTo(db: Database, questionId: string) {
  return db
    .select({
      userId: questionHistory.userId,
      chosenLetter: questionHistory.chosenLetter,
      response: questionHistory.response,
    })
    .from(questionHistory)
    .where(and(eq(questionHistory.questionId, questionId), isNotNull(questionHistory.response)));
}

export async function finishedSimuladosWith(db: Database, questionId: string) {
  return db
    .select({ id: simulados.id, scoring: simulados.scoring, result: simulados.result })
    .from(simulados)
    .innerJoin(simuladoQuestions, eq(simuladoQuestions.simuladoId, simulados.id))
    .where(and(eq(simuladoQuestions.questionId, questionId), isNotNull(simulados.finishedAt)))
    .for('update', { of: simulados });
}

/** Every recorded verdict of the question, decided again on its key now. */
export async function rescoreHistory(db: Database, questionId: string, answerLetter: string) {
  await db
    .update(questionHistory)
    .set({
      response: sql`case when ${questionHistory.chosenLetter} = ${answerLetter} then 'c' else 'e' end`,
    })
    .where(and(eq(questionHistory.questionId, questionId), isNotNull(questionHistory.response)));
}

/**
 * The mistakes notebook after a re-score: a first answer now wrong puts the question in it (due
 * `dueDay`) unless it is there; one now right takes it out, unless a later mistake on review put
 * it there too (docs/product-rules.md, "Definitive answer key").
 */
export async function rescoreNotebook(db: Database, questionId: string, dueDay: string) {
  await db.execute(
    sql`insert into review_items (user_id, question_id, step, due_day, last_wrong_at, last_reviewed_at)
        select user_id, question_id, 0, ${dueDay}, answered_at, now()
          from question_history
         where question_id = ${questionId} and response = 'e'
        on conflict do nothing`,
  );
  await db.execute(
    sql`delete from review_items r
         using question_history h
         where r.question_id = ${questionId} and h.question_id = r.question_id
           and h.user_id = r.user_id and h.response = 'c'
           and r.last_wrong_at <= h.answered_at + interval '1 second'`,
  );
}

export async function saveSimuladoResult(
  db: Database,
  simuladoId: string,
  result: SimuladoResultColumn,
) {
  await db.update(simulados).set({ result }).where(eq(simulados.id, simuladoId));
}
