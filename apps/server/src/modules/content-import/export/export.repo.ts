import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { disciplines, exams, images, questions, referenceTexts, subjects } from '@/db/schema';

/**
 * One exam as stored, with what its file needs: reference texts and questions with subjects.
 * Retired questions are not part of it (docs/product-rules.md, "Retired questions"): the editor
 * and the definitive key write the exam back through the importer from this.
 */
export async function loadStoredExam(db: Database, examId: string) {
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  if (!exam) return null;
  const [texts, rows] = await Promise.all([
    db
      .select({ key: referenceTexts.key, html: referenceTexts.html })
      .from(referenceTexts)
      .where(eq(referenceTexts.examId, examId))
      .orderBy(asc(referenceTexts.key)),
    db
      .select({ question: questions, subject: subjects.name })
      .from(questions)
      .innerJoin(subjects, eq(subjects.id, questions.subjectId))
      .where(and(eq(questions.examId, examId), isNull(questions.retiredAt)))
      .orderBy(asc(questions.number)),
  ]);
  return { exam, referenceTexts: texts, questions: rows };
}

export type StoredExam = NonNullable<Awaited<ReturnType<typeof loadStoredExam>>>;

export async function disciplineNamesOf(db: Database, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: disciplines.code, name: disciplines.name })
    .from(disciplines)
    .where(inArray(disciplines.code, codes))
    .orderBy(asc(disciplines.code));
}

/** The images as imported: the original of a re-encoded raster, the page's file otherwise. */
export async function loadImageFiles(db: Database, assetIds: string[]) {
  if (assetIds.length === 0) return [];
  const rows = await db
    .select({
      assetId: images.assetId,
      contentType: images.contentType,
      content: images.content,
      zoomContentType: images.zoomContentType,
      zoomContent: images.zoomContent,
    })
    .from(images)
    .where(inArray(images.assetId, assetIds));
  return rows.map((row) => ({
    assetId: row.assetId,
    contentType: row.zoomContent ? row.zoomContentType! : row.contentType,
    content: row.zoomContent ?? row.content,
  }));
}

/** Exams that have a question without a comment (annulled questions aside). */
export async function examsMissingComments(db: Database) {
  const rows = await db
    .selectDistinct({ examId: questions.examId })
    .from(questions)
    .where(
      and(
        isNull(questions.commentary),
        ne(questions.status, 'annulled'),
        isNull(questions.retiredAt),
      ),
    )
    .orderBy(asc(questions.examId));
  return rows.map((row) => row.examId);
}
