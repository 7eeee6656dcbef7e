import { and, desc, eq, sql } from 'drizzle-orm';
import { anyOfTexts, type Database } from '@/db/client';
import { exams, questions, questionVersions } from '@/db/schema';

export type VersionRow = typeof questionVersions.$inferSelect;

export async function questionPlace(db: Database, questionId: string) {
  const [row] = await db
    .select({
      examId: questions.examId,
      number: questions.number,
      optionKey: questions.optionKey,
      retired: sql<boolean>`${questions.retiredAt} is not null`,
    })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row;
}

/** When an import last wrote the exam (the console's saves leave that time as it is). */
export async function examImportedAt(db: Database, examId: string) {
  const [row] = await db
    .select({ importedAt: exams.updatedAt })
    .from(exams)
    .where(eq(exams.id, examId));
  return row?.importedAt;
}

export async function listVersions(db: Database, questionId: string) {
  return db
    .select()
    .from(questionVersions)
    .where(eq(questionVersions.questionId, questionId))
    .orderBy(desc(questionVersions.version));
}

export async function findVersion(db: Database, questionId: string, version: number) {
  const [row] = await db
    .select()
    .from(questionVersions)
    .where(and(eq(questionVersions.questionId, questionId), eq(questionVersions.version, version)));
  return row;
}

/** Appends the next version (numbers start at 1), made now unless `createdAt` says otherwise. */
export async function appendVersion(
  db: Database,
  values: Omit<typeof questionVersions.$inferInsert, 'version'>,
) {
  const [row] = await db
    .insert(questionVersions)
    .values({
      ...values,
      version: sql`(select coalesce(max(${questionVersions.version}), 0) + 1 from ${questionVersions} where ${questionVersions.questionId} = ${values.questionId})`,
    })
    .returning();
  return row!;
}

/**
 * The questions of these exams whose newest version was made in the console (an edit or a
 * restore): what a re-import must not undo silently. Only edited questions have versions, so
 * this reads few rows however large the import.
 */
export async function editedInConsole(db: Database, examIds: string[]) {
  if (examIds.length === 0) return [];
  const latest = await db
    .selectDistinctOn([questionVersions.questionId], {
      questionId: questionVersions.questionId,
      version: questionVersions.version,
      source: questionVersions.source,
      snapshot: questionVersions.snapshot,
      createdByName: questionVersions.createdByName,
      createdAt: questionVersions.createdAt,
    })
    .from(questionVersions)
    .innerJoin(questions, eq(questions.id, questionVersions.questionId))
    // An import asks for thousands of exams at once.
    .where(sql`${questions.examId} = ${anyOfTexts(examIds)}`)
    .orderBy(questionVersions.questionId, desc(questionVersions.version));
  return latest.filter((row) => row.source !== 'import');
}
