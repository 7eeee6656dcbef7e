import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { examBoardLabel } from '@/modules/catalog';
import { exams, questions } from '@/db/schema';

export async function findExamLabel(db: Database, examId: string) {
  const [row] = await db
    .select({
      kind: exams.kind,
      cargo: exams.cargo,
      instituicao: exams.instituicao,
      ano: exams.ano,
    })
    .from(exams)
    .where(eq(exams.id, examId));
  return row ? examBoardLabel(row) : null;
}

/**
 * The exam's questions with these numbers: key, state and letters. Retired questions are not in
 * the exam any more: they keep the key they had (docs/product-rules.md, "Retired questions").
 */
export async function questionsByNumber(db: Database, examId: string, numbers: number[]) {
  if (numbers.length === 0) return [];
  return db
    .select({
      id: questions.id,
      number: questions.number,
      optionKey: questions.optionKey,
      answerLetter: questions.answerLetter,
      status: questions.status,
      alternatives: questions.alternatives,
      commented: sql<boolean>`${questions.commentary} is not null`,
    })
    .from(questions)
    .where(
      and(
        eq(questions.examId, examId),
        inArray(questions.number, numbers),
        isNull(questions.retiredAt),
      ),
    );
}

export async function setKey(
  db: Database,
  questionId: string,
  key: { answerLetter: string; status: 'regular' | 'annulled' | 'outdated' },
) {
  await db.update(questions).set(key).where(eq(questions.id, questionId));
}

/** Takes the comment off a question (it explained a key that is no longer the board's). */
export async function withdrawComment(db: Database, questionId: string) {
  await db.update(questions).set({ commentary: null }).where(eq(questions.id, questionId));
}
