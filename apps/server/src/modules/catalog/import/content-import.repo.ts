import { and, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { type Database, runsOnPostgres } from '@/db/client';
import {
  disciplines,
  examDisciplines,
  examSubjects,
  exams,
  images,
  questions,
  referenceTexts,
  subjects,
} from '@/db/schema';
import { candidateCounts } from './candidate-counts';
import type { PreparedImage } from './images';
import type { ValidCatalog, ValidExam } from './validate-content';

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Questions per statement where statements run in the server's thread (`questionWriting`). */
const FEW_QUESTIONS_PER_STATEMENT = 5;

/** Questions students can find: those of the exams' counts (annulled ones left out). */
export async function countCatalogQuestions(db: Database) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${exams.questionCount}), 0)::int`.mapWith(Number) })
    .from(exams);
  return row?.total ?? 0;
}

export async function countExams(db: Database) {
  const [row] = await db.select({ total: count() }).from(exams);
  return row?.total ?? 0;
}

export async function disciplineNames(db: Database) {
  return db.select({ code: disciplines.code, name: disciplines.name }).from(disciplines);
}

export async function upsertDisciplines(db: Database, list: ValidCatalog['disciplines']) {
  if (list.length === 0) return;
  await db
    .insert(disciplines)
    .values(list)
    .onConflictDoUpdate({ target: disciplines.code, set: { name: excluded('name') } });
}

/**
 * Writes the images, one statement each (the bytes of a large raster's original for zoom in a
 * statement of their own): on PGlite each statement runs in the server's thread, and `pause` lets
 * waiting requests in between. An image already stored with the same bytes (same version, type and
 * original) is not written again, so re-importing a folder rewrites only the images that changed.
 */
export async function upsertImages(
  db: Database,
  list: PreparedImage[],
  pause: () => Promise<void>,
) {
  if (list.length === 0) return;
  const stored = new Map(
    (
      await db
        .select({
          assetId: images.assetId,
          version: images.version,
          contentType: images.contentType,
          width: images.width,
          height: images.height,
          minWidth: images.minWidth,
          zoomContentType: images.zoomContentType,
          // The length only: reading the bytes would cost what writing them does.
          zoomBytes: sql<number | null>`octet_length(${images.zoomContent})`,
        })
        .from(images)
        .where(
          inArray(
            images.assetId,
            list.map((image) => image.assetId),
          ),
        )
    ).map((row) => [row.assetId, row]),
  );
  for (const image of list) {
    await pause();
    const before = stored.get(image.assetId);
    const measures = { width: image.width, height: image.height, minWidth: image.minWidth };
    if (
      before &&
      before.version === image.version &&
      before.contentType === image.contentType &&
      before.zoomContentType === image.zoomContentType &&
      before.zoomBytes === (image.zoomContent?.length ?? null) &&
      // The version is the page image's: an original that differs only where re-encoding does
      // not look (its metadata) is compared byte for byte.
      (image.zoomContent === null || (await sameZoomContent(db, image.assetId, image.zoomContent)))
    ) {
      if (
        before.width !== measures.width ||
        before.height !== measures.height ||
        before.minWidth !== measures.minWidth
      )
        await db.update(images).set(measures).where(eq(images.assetId, image.assetId));
      continue;
    }
    const columns = {
      contentType: image.contentType,
      content: image.content,
      version: image.version,
      ...measures,
      zoomContentType: image.zoomContentType,
      zoomContent: null,
    };
    await db
      .insert(images)
      .values({ assetId: image.assetId, ...columns })
      .onConflictDoUpdate({ target: images.assetId, set: columns });
    if (image.zoomContent) {
      await pause();
      await db
        .update(images)
        .set({ zoomContent: image.zoomContent })
        .where(eq(images.assetId, image.assetId));
    }
  }
}

async function sameZoomContent(db: Database, assetId: string, zoomContent: Buffer) {
  const [row] = await db
    .select({ same: sql<boolean>`${images.zoomContent} = ${zoomContent}` })
    .from(images)
    .where(eq(images.assetId, assetId));
  return row?.same === true;
}

/**
 * Writes one exam in place: same ids keep their users' history. Questions no longer in it are
 * retired, not deleted, and questions it has again return (docs/product-rules.md, "Retired
 * questions"); the importer lets this run only when the import allows removals. Annulled questions are stored but left out of every count (docs/product-rules.md, "Annulled and
 * outdated questions").
 */
export async function upsertExam(
  db: Database,
  exam: ValidExam,
  /** Subject ids already known in this import, shared by its exams. */
  subjectIds: Map<string, number>,
  /** Awaited between statements, so that a caller can let waiting requests in. */
  pause: () => Promise<void>,
  questionsPerStatement = FEW_QUESTIONS_PER_STATEMENT,
) {
  await pause();
  const counts = candidateCounts(exam);
  const columns = {
    kind: exam.kind,
    // The column predates exam kinds: an exam without a general post stores '' (read as null).
    cargoGeral: exam.cargoGeral,
    cargo: exam.cargo,
    orgao: exam.orgao,
    nivel: exam.nivel,
    instituicao: exam.instituicao,
    ano: exam.ano,
    questionCount: counts.questionCount,
    annulledCount: counts.annulledCount,
    outdatedCount: counts.outdatedCount,
    demonstration: exam.demonstration,
    source: exam.source,
    options: exam.options,
  };
  await db
    .insert(exams)
    .values({ id: exam.id, ...columns })
    .onConflictDoUpdate({ target: exams.id, set: { ...columns, updatedAt: sql`now()` } });

  await db.delete(referenceTexts).where(eq(referenceTexts.examId, exam.id));
  if (exam.referenceTexts.length > 0) {
    await db
      .insert(referenceTexts)
      .values(exam.referenceTexts.map((text) => ({ examId: exam.id, ...text })));
  }

  await ensureSubjects(db, exam, subjectIds, pause);
  await db
    .update(questions)
    .set({ retiredAt: sql`now()` })
    .where(
      and(
        eq(questions.examId, exam.id),
        isNull(questions.retiredAt),
        notInArray(
          questions.id,
          exam.questions.map((question) => question.id),
        ),
      ),
    );
  for (let start = 0; start < exam.questions.length; start += questionsPerStatement) {
    await pause();
    await upsertQuestions(
      db,
      exam,
      exam.questions.slice(start, start + questionsPerStatement),
      subjectIds,
    );
  }

  await pause();
  await db.delete(examSubjects).where(eq(examSubjects.examId, exam.id));
  await db.delete(examDisciplines).where(eq(examDisciplines.examId, exam.id));
  if (counts.subjects.length > 0) {
    await db.insert(examSubjects).values(
      counts.subjects.map(({ key, ...entry }) => ({
        examId: exam.id,
        subjectId: subjectIds.get(key)!,
        ...entry,
      })),
    );
  }
  if (counts.disciplines.length > 0) {
    await db
      .insert(examDisciplines)
      .values(counts.disciplines.map((entry) => ({ examId: exam.id, ...entry })));
  }
}

/**
 * How an import writes questions, per database. On PGlite each question's words go into the search
 * index as its row is written (migration 0013), about 3 ms a question in the server's thread: a few
 * per statement keep every statement short. PostgreSQL runs statements in a process of its own: an
 * exam's questions go in one statement, and their words into the index's pending list (migration
 * 0029), merged in bulk whenever it passes its limit (`limitPendingSearchWords`).
 */
export function questionWriting(db: Database) {
  const onPostgres = runsOnPostgres(db);
  return {
    questionsPerStatement: onPostgres ? 250 : FEW_QUESTIONS_PER_STATEMENT,
    pendingSearchWords: onPostgres,
  };
}

/**
 * PostgreSQL's default limit, set for the transaction because every search reads the whole pending
 * list while it waits, the import's uncommitted words included: about 2 ms at 4 MB (some 2,000
 * questions), tens to hundreds of ms at 16 MB (docs/performance.md, "Content import").
 */
export async function limitPendingSearchWords(tx: Database) {
  await tx.execute(sql`set local gin_pending_list_limit = '4MB'`);
}

/** The words still pending go into the index before the import commits, not in a reader's search. */
export async function mergePendingSearchWords(tx: Database) {
  await tx.execute(sql`select gin_clean_pending_list('questions_search_vector_idx'::regclass)`);
}

async function upsertQuestions(
  db: Database,
  exam: ValidExam,
  list: ValidExam['questions'],
  subjectIds: Map<string, number>,
) {
  await db
    .insert(questions)
    .values(
      list.map((question) => ({
        id: question.id,
        examId: exam.id,
        number: question.number,
        optionKey: question.optionKey,
        statementHtml: question.statementHtml,
        alternatives: question.alternatives,
        answerLetter: question.answerLetter,
        disciplineCode: question.disciplineCode,
        subjectId: subjectIds.get(`${question.disciplineCode}\u0000${question.subject}`)!,
        referenceKeys: question.referenceKeys,
        imageAssetId: question.image?.assetId ?? null,
        imageDescription: question.image?.description ?? null,
        status: question.status,
        statusNote: question.statusNote,
        commentary: question.commentary,
      })),
    )
    .onConflictDoUpdate({
      target: questions.id,
      set: {
        number: excluded('number'),
        optionKey: excluded('option_key'),
        statementHtml: excluded('statement_html'),
        alternatives: excluded('alternatives'),
        answerLetter: excluded('answer_letter'),
        disciplineCode: excluded('discipline_code'),
        subjectId: excluded('subject_id'),
        referenceKeys: excluded('reference_keys'),
        imageAssetId: excluded('image_asset_id'),
        imageDescription: excluded('image_description'),
        status: excluded('status'),
        statusNote: excluded('status_note'),
        commentary: excluded('commentary'),
        // Back in the file: back in the catalogue.
        retiredAt: sql`null`,
      },
    });
}

async function ensureSubjects(
  db: Database,
  exam: ValidExam,
  ids: Map<string, number>,
  pause: () => Promise<void>,
) {
  const wanted = new Map(
    exam.questions
      .map(
        (question) =>
          [
            `${question.disciplineCode}\u0000${question.subject}`,
            { disciplineCode: question.disciplineCode, name: question.subject },
          ] as const,
      )
      .filter(([key]) => !ids.has(key)),
  );
  if (wanted.size === 0) return;
  await db
    .insert(subjects)
    .values([...wanted.values()])
    .onConflictDoNothing();
  for (const [key, subject] of wanted) {
    await pause();
    const [row] = await db
      .select({ id: subjects.id })
      .from(subjects)
      .where(
        and(eq(subjects.disciplineCode, subject.disciplineCode), eq(subjects.name, subject.name)),
      );
    ids.set(key, row!.id);
  }
}

/** Each subject's study notes, on the subjects the exams of the same import wrote. */
export async function saveStudyNotes(db: Database, list: ValidCatalog['studyNotes']) {
  for (const { disciplineCode, subject, notes } of list) {
    await db
      .update(subjects)
      .set({ studyNotes: notes })
      .where(and(eq(subjects.disciplineCode, disciplineCode), eq(subjects.name, subject)));
  }
}
