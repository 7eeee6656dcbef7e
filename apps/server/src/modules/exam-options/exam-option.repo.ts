import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { examOptionChoices, exams } from '@/db/schema';

/** The exam's option blocks (empty without any); undefined when there is no such exam. */
export async function findExamOptions(db: Database, examId: string) {
  const [row] = await db.select({ options: exams.options }).from(exams).where(eq(exams.id, examId));
  return row?.options;
}

/** The block the user chose in this exam, or null. */
export async function findOptionChoice(db: Database, userId: string, examId: string) {
  const [row] = await db
    .select({ optionKey: examOptionChoices.optionKey })
    .from(examOptionChoices)
    .where(and(eq(examOptionChoices.userId, userId), eq(examOptionChoices.examId, examId)));
  return row?.optionKey ?? null;
}

/** Records the choice, replacing an earlier one. */
export async function saveOptionChoice(
  db: Database,
  userId: string,
  examId: string,
  optionKey: string,
) {
  await db
    .insert(examOptionChoices)
    .values({ userId, examId, optionKey })
    .onConflictDoUpdate({
      target: [examOptionChoices.userId, examOptionChoices.examId],
      set: { optionKey, chosenAt: sql`now()` },
    });
}
