import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
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
import type { PreparedImage } from './images';
import type { ValidCatalog, ValidExam } from './validate-content';

const excluded = (column: string) => sql.raw(`excluded.${column}`);

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

export async function upsertImages(
  db: Database,
  list: PreparedImage[],
  pause: () => Promise<void>,
) {
  for (const image of list) {
    await pause();
    const columns = {
      contentType: image.contentType,
      content: image.content,
      version: image.version,
      width: image.width,
      height: image.height,
      minWidth: image.minWidth,
      zoomContentType: image.zoomContentType,
      zoomContent: image.zoomContent,
    };
    await db
      .insert(images)
      .values({ assetId: image.assetId, ...columns })
      .onConflictDoUpdate({ target: images.assetId, set: columns });
  }
}

/**
 * Writes one exam in place: same ids keep their users' history; questions no longer in it go.
 * Annulled questions are stored but left out of every count (docs/product-rules.md, "Annulled and
 * outdated questions").
 */
export async function upsertExam(
  db: Database,
  exam: ValidExam,
  /** Subject ids already known in this import, shared by its exams. */
  subjectIds: Map<string, number>,
  /** Awaited between statements, so that a caller can let waiting requests in. */
  pause: () => Promise<void>,
) {
  await pause();
  const counted = exam.questions.filter((question) => question.status !== 'annulled');
  const columns = {
    cargoGeral: exam.cargoGeral,
    cargo: exam.cargo,
    orgao: exam.orgao,
    nivel: exam.nivel,
    instituicao: exam.instituicao,
    ano: exam.ano,
    questionCount: counted.length,
    annulledCount: exam.questions.length - counted.length,
    outdatedCount: counted.filter((question) => question.status === 'outdated').length,
    demonstration: exam.demonstration,
    source: exam.source,
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
  await db.delete(questions).where(
    and(
      eq(questions.examId, exam.id),
      notInArray(
        questions.id,
        exam.questions.map((question) => question.id),
      ),
    ),
  );
  for (let start = 0; start < exam.questions.length; start += QUESTIONS_PER_STATEMENT) {
    await pause();
    await upsertQuestions(
      db,
      exam,
      exam.questions.slice(start, start + QUESTIONS_PER_STATEMENT),
      subjectIds,
    );
  }

  await pause();
  await db.delete(examSubjects).where(eq(examSubjects.examId, exam.id));
  await db.delete(examDisciplines).where(eq(examDisciplines.examId, exam.id));
  const tally = new Map<
    string,
    { disciplineCode: string; subject: string; questionCount: number }
  >();
  for (const question of counted) {
    const key = `${question.disciplineCode}\u0000${question.subject}`;
    const entry = tally.get(key) ?? {
      disciplineCode: question.disciplineCode,
      subject: question.subject,
      questionCount: 0,
    };
    entry.questionCount += 1;
    tally.set(key, entry);
  }
  if (tally.size > 0) {
    await db.insert(examSubjects).values(
      [...tally].map(([key, entry]) => ({
        examId: exam.id,
        subjectId: subjectIds.get(key)!,
        ...entry,
      })),
    );
  }
  const perDiscipline = new Map<string, number>();
  for (const question of counted) {
    perDiscipline.set(
      question.disciplineCode,
      (perDiscipline.get(question.disciplineCode) ?? 0) + 1,
    );
  }
  if (perDiscipline.size > 0) {
    await db.insert(examDisciplines).values(
      [...perDiscipline].map(([disciplineCode, questionCount]) => ({
        examId: exam.id,
        disciplineCode,
        questionCount,
      })),
    );
  }
}

/**
 * Each question's words go into the search index as its row is written (migration 0013), about 3 ms
 * a question on PGlite: a few per statement keep every statement short.
 */
const QUESTIONS_PER_STATEMENT = 5;

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
