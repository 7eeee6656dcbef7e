import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { questionAnswerCounts } from '@/db/schema';

/**
 * Counts one first answer, atomically (an upsert that adds one), in the transaction that records
 * it: concurrent first answers never lose a count.
 */
export async function countFirstAnswer(db: Database, questionId: string, letter: string) {
  await db
    .insert(questionAnswerCounts)
    .values({ questionId, letter, firstAnswers: 1 })
    .onConflictDoUpdate({
      target: [questionAnswerCounts.questionId, questionAnswerCounts.letter],
      set: { firstAnswers: sql`${questionAnswerCounts.firstAnswers} + 1` },
    });
}

/** Takes back the first answers of a user's history before it is deleted. */
export async function uncountUserAnswers(db: Database, userId: string) {
  await db.execute(
    sql`update question_answer_counts c set first_answers = c.first_answers - h.n
        from (select question_id, chosen_letter, count(*)::int as n from question_history
              where user_id = ${userId} and response is not null
              group by question_id, chosen_letter) h
        where c.question_id = h.question_id and c.letter = h.chosen_letter`,
  );
}

export async function answerCounts(db: Database, questionId: string) {
  return db
    .select({ letter: questionAnswerCounts.letter, count: questionAnswerCounts.firstAnswers })
    .from(questionAnswerCounts)
    .where(eq(questionAnswerCounts.questionId, questionId));
}
