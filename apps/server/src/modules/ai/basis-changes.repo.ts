import { and, arrayContains, asc, desc, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { aiFeedback, chatFreeReplies, didacticContents, questionBasisChanges } from '@/db/schema';

export type BasisChangeRow = typeof questionBasisChanges.$inferSelect;

export async function insertBasisChange(
  db: Database,
  change: Pick<BasisChangeRow, 'questionId' | 'kind' | 'fromKey' | 'toKey'>,
) {
  const [row] = await db.insert(questionBasisChanges).values(change).returning();
  return row!;
}

/** The question's changes, oldest first. */
export async function listBasisChanges(db: Database, questionId: string) {
  return db
    .select()
    .from(questionBasisChanges)
    .where(eq(questionBasisChanges.questionId, questionId))
    .orderBy(asc(questionBasisChanges.id));
}

/** The newest change of any question (0 when none): what a text about to be written knows of. */
export async function latestBasisChangeId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(questionBasisChanges.id) }).from(questionBasisChanges);
  return row?.id ?? 0;
}

/** The first change of these questions made after `basisId`, if any. */
export async function firstChangeSince(db: Database, basisId: number, questionIds: string[]) {
  if (questionIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(questionBasisChanges)
    .where(
      and(
        gt(questionBasisChanges.id, basisId),
        inArray(questionBasisChanges.questionId, questionIds),
      ),
    )
    .orderBy(asc(questionBasisChanges.id))
    .limit(1);
  return row;
}

/** Takes the question's current explanation off (it stays as an earlier version). */
export async function outdateFeedback(db: Database, questionId: string) {
  await db
    .update(aiFeedback)
    .set({ supersededAt: sql`now()` })
    .where(and(eq(aiFeedback.questionId, questionId), isNull(aiFeedback.supersededAt)));
}

/**
 * Takes off the current study texts written from the question. A text stored before its questions
 * were recorded is taken off when it is of the question's subject, and is recorded as written from
 * it, so that the text written in its place is known to follow a change.
 */
export async function outdateDidactic(
  db: Database,
  questionId: string,
  subjects: { disciplineCode: string; subject: string }[],
) {
  await db
    .update(didacticContents)
    .set({
      supersededAt: sql`now()`,
      questionIds: sql`coalesce(${didacticContents.questionIds}, array[${questionId}]::text[])`,
    })
    .where(
      and(
        isNull(didacticContents.supersededAt),
        or(
          arrayContains(didacticContents.questionIds, [questionId]),
          and(
            isNull(didacticContents.questionIds),
            or(
              ...subjects.map(({ disciplineCode, subject }) =>
                and(
                  eq(didacticContents.disciplineCode, disciplineCode),
                  eq(didacticContents.subject, subject),
                ),
              ),
            ),
          ),
        ),
      ),
    );
}

/** Whether the question changed after every explanation of it was written (or it has none). */
export async function changedSinceLastFeedback(db: Database, questionId: string) {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(questionBasisChanges)
    .where(
      and(
        eq(questionBasisChanges.questionId, questionId),
        sql`${questionBasisChanges.changedAt} > coalesce(
          (select max(${aiFeedback.createdAt}) from ${aiFeedback}
            where ${aiFeedback.questionId} = ${questionId}), '-infinity')`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether a question the subject's newest study text was written from changed after it. */
export async function changedSinceLastDidactic(
  db: Database,
  disciplineCode: string,
  subject: string,
) {
  const [newest] = await db
    .select({ createdAt: didacticContents.createdAt, questionIds: didacticContents.questionIds })
    .from(didacticContents)
    .where(
      and(
        eq(didacticContents.disciplineCode, disciplineCode),
        eq(didacticContents.subject, subject),
      ),
    )
    .orderBy(desc(didacticContents.createdAt), desc(didacticContents.id))
    .limit(1);
  if (!newest?.questionIds?.length) return false;
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(questionBasisChanges)
    .where(
      and(
        inArray(questionBasisChanges.questionId, newest.questionIds),
        gt(questionBasisChanges.changedAt, newest.createdAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Claims the student's free reply after `changeId`; false when it was claimed already. */
export async function claimFreeReply(db: Database, userId: string, changeId: number) {
  const rows = await db
    .insert(chatFreeReplies)
    .values({ userId, changeId })
    .onConflictDoNothing()
    .returning({ userId: chatFreeReplies.userId });
  return rows.length === 1;
}

/** Gives the free reply back (the reply it paid for was not kept). */
export async function releaseFreeReply(db: Database, userId: string, changeId: number) {
  await db
    .delete(chatFreeReplies)
    .where(and(eq(chatFreeReplies.userId, userId), eq(chatFreeReplies.changeId, changeId)));
}
