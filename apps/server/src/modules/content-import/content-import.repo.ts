import { and, count, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Database, executeRows, runsOnPostgres } from '@/db/client';
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
import { withWordPairMarks } from './word-pair-marks';

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
 * Writes exams in place: same ids keep their users' history. Questions no longer in their exam are
 * retired, not deleted, and questions it has again return (docs/product-rules.md, "Retired
 * questions"); the importer lets this run only when the import allows removals. Annulled questions
 * are stored but left out of every count (docs/product-rules.md, "Annulled and outdated questions").
 * Several exams share each statement where the database runs in a process of its own
 * (`questionWriting`): the statements, not the rows, were most of the importer's own work. Their
 * long lists (questions, kept ids, subject counts) go as one JSON text, as `upsertQuestions` says.
 */
export async function upsertExams(
  db: Database,
  list: ValidExam[],
  /** Subject ids already known in this import, shared by its exams. */
  subjectIds: Map<string, number>,
  /** Awaited between statements, so that a caller can let waiting requests in. */
  pause: () => Promise<void>,
  questionsPerStatement = FEW_QUESTIONS_PER_STATEMENT,
  /** The questions' search vectors by id, when worked out beforehand (`searchVectors`). */
  vectors?: ReadonlyMap<string, string>,
  /**
   * An import stamps the exams' `updatedAt` with its time; the console's saves leave it, so that a
   * question's first version is dated with the import (docs/product-rules.md, "Question versions").
   */
  stampImport = true,
) {
  if (list.length === 0) return [];
  const examIds = list.map((exam) => exam.id);
  const counts = list.map((exam) => candidateCounts(exam));
  await pause();
  // Only a question of an exam stored before can change what the tutor wrote about it.
  const storedExams = new Set(
    (await db.select({ id: exams.id }).from(exams).where(inArray(exams.id, examIds))).map(
      (row) => row.id,
    ),
  );
  const examRows = list.map((exam, at) => ({ id: exam.id, ...examColumns(exam, counts[at]!) }));
  const examTable = getTableColumns(exams);
  // A re-import takes every column it writes from the new row.
  const fromNewRow = (Object.keys(examRows[0]!) as (keyof (typeof examRows)[number])[])
    .filter((key) => key !== 'id')
    .map((key) => [key, excluded(examTable[key].name)]);
  await db
    .insert(exams)
    .values(examRows)
    .onConflictDoUpdate({
      target: exams.id,
      set: { ...Object.fromEntries(fromNewRow), ...(stampImport && { updatedAt: sql`now()` }) },
    });

  await db.delete(referenceTexts).where(inArray(referenceTexts.examId, examIds));
  const texts = list.flatMap((exam) =>
    exam.referenceTexts.map((text) => ({ examId: exam.id, ...text })),
  );
  if (texts.length > 0) await db.insert(referenceTexts).values(texts);

  await ensureSubjects(db, list, subjectIds, pause);
  // A question's id begins with its exam's (`<examId>_…`): it never moves to another exam.
  const keptIds = list.flatMap((exam) => exam.questions.map((question) => question.id));
  await db
    .update(questions)
    .set({ retiredAt: sql`now()` })
    .where(
      and(
        inArray(questions.examId, examIds),
        isNull(questions.retiredAt),
        sql`${questions.id} not in (select json_array_elements_text(${JSON.stringify(keptIds)}::json))`,
      ),
    );
  const rows = list.flatMap((exam) => exam.questions.map((q) => questionRow(exam, q, subjectIds)));
  const basisChanged: BasisChangedQuestion[] = [];
  for (let start = 0; start < rows.length; start += questionsPerStatement) {
    await pause();
    const slice = rows.slice(start, start + questionsPerStatement);
    const mayChange = slice.some((row) => storedExams.has(row.exam_id));
    basisChanged.push(...(await upsertQuestions(db, slice, vectors, mayChange)));
  }

  await pause();
  await db.delete(examSubjects).where(inArray(examSubjects.examId, examIds));
  await db.delete(examDisciplines).where(inArray(examDisciplines.examId, examIds));
  const subjectRows = list.flatMap((exam, at) =>
    counts[at]!.subjects.map(({ key, ...entry }) => ({
      examId: exam.id,
      subjectId: subjectIds.get(key)!,
      ...entry,
    })),
  );
  if (subjectRows.length > 0)
    await db.execute(sql`
      insert into exam_subjects (exam_id, subject_id, discipline_code, subject, question_count)
      select r."examId", r."subjectId", r."disciplineCode", r.subject, r."questionCount"
      from json_to_recordset(${JSON.stringify(subjectRows)}::json) as r("examId" text,
        "subjectId" integer, "disciplineCode" text, subject text, "questionCount" integer)`);
  const disciplineRows = list.flatMap((exam, at) =>
    counts[at]!.disciplines.map((entry) => ({ examId: exam.id, ...entry })),
  );
  if (disciplineRows.length > 0)
    await db.execute(sql`
      insert into exam_disciplines (exam_id, discipline_code, question_count)
      select r."examId", r."disciplineCode", r."questionCount"
      from json_to_recordset(${JSON.stringify(disciplineRows)}::json) as r("examId" text,
        "disciplineCode" text, "questionCount" integer)`);
  return basisChanged;
}

/** One exam (the editorial console's save). */
export function upsertExam(db: Database, exam: ValidExam, subjectIds: Map<string, number>) {
  return upsertExams(
    db,
    [exam],
    subjectIds,
    async () => undefined,
    FEW_QUESTIONS_PER_STATEMENT,
    undefined,
    false,
  );
}

/** The exam's columns an import writes (and a re-import updates). */
function examColumns(exam: ValidExam, counts: ReturnType<typeof candidateCounts>) {
  return {
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
}

/**
 * How an import writes questions, per database. On PGlite each question's words go into the search
 * index as its row is written (migration 0013), about 3 ms a question in the server's thread: one
 * exam at a time and a few questions per statement keep every statement short. PostgreSQL runs
 * statements in a process of its own: a few hundred questions of several exams go in one
 * statement, and their words into the index's pending list (migration 0029), merged in bulk
 * whenever it passes its limit (`limitPendingSearchWords`).
 */
export function questionWriting(db: Database) {
  const onPostgres = runsOnPostgres(db);
  return {
    questionsPerStatement: onPostgres ? MANY_QUESTIONS_PER_STATEMENT : FEW_QUESTIONS_PER_STATEMENT,
    /** Exams are gathered until they hold this many questions (one exam at least). */
    questionsPerBatch: onPostgres ? MANY_QUESTIONS_PER_STATEMENT : 1,
    pendingSearchWords: onPostgres,
    /** Search vectors worked out on a connection of their own (`searchVectors`). */
    vectorsBeside: onPostgres,
    /** Slower while others are served (import-pace.ts); PGlite lets requests in between statements. */
    givesWayToOthers: onPostgres,
    /**
     * Statistics worked out again as the tables grow (import-statistics.ts): with several exams
     * a statement, plans without them read whole tables.
     */
    statisticsAsTablesGrow: onPostgres,
    /** The import's statistics from a small sample: PGlite works them out in the server's thread. */
    smallStatisticsSample: !onPostgres,
  };
}

const MANY_QUESTIONS_PER_STATEMENT = 500;

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

function questionRow(
  exam: ValidExam,
  question: ValidExam['questions'][number],
  subjectIds: Map<string, number>,
) {
  return {
    id: question.id,
    exam_id: exam.id,
    number: question.number,
    option_key: question.optionKey,
    statement_html: question.statementHtml,
    alternatives: question.alternatives,
    answer_letter: question.answerLetter,
    discipline_code: question.disciplineCode,
    subject_id: subjectIds.get(`${question.disciplineCode}\u0000${question.subject}`)!,
    reference_keys: question.referenceKeys,
    image_asset_id: question.image?.assetId ?? null,
    image_description: question.image?.description ?? null,
    status: question.status,
    status_note: question.statusNote,
    commentary: question.commentary ?? null,
  };
}

/**
 * The search vectors of the questions whose text is new or changed, as the trigger of migration
 * 0031 would store them, worked out on another connection than the import's: on PostgreSQL they
 * then cost the writing statement nothing, and the two run side by side on two cores. This
 * connection reads what was stored before the import; a question whose text is unchanged keeps
 * its vector and gets none here. The marks of word pairs are added here, where they cost a
 * fraction of what they cost in SQL.
 */
export async function searchVectors(db: Database, list: ValidExam[]) {
  const texts = list.flatMap((exam) =>
    exam.questions.map(({ id, statementHtml, alternatives }) => ({
      id,
      statement_html: statementHtml,
      alternatives,
    })),
  );
  const rows = await executeRows<{ id: string; vector: string }>(
    db,
    sql`select q.id,
               public.search_vector_unpaired(public.question_plain_text(q.statement_html, q.alternatives))::text
                 as vector
        from json_to_recordset(${JSON.stringify(texts)}::json)
             as q(id text, statement_html text, alternatives jsonb)
        left join questions stored on stored.id = q.id
        where stored.id is null
           or (stored.statement_html, stored.alternatives)
              is distinct from (q.statement_html, q.alternatives)`,
  );
  return new Map(rows.map(({ id, vector }) => [id, withWordPairMarks(vector)]));
}

/**
 * The rows go as one JSON text: a parameter per value cost the importer more than the database's
 * work on the row, and a statement takes at most 65,535 of them. A question the file holds as it
 * is stored (and not retired) is left out before the insert, so that re-importing a catalogue
 * writes what changed: a new version of a row is a new entry in every index, its search words
 * included, and a row proposed for insertion runs the search vector's trigger even when it then
 * conflicts. Without `vectors`, or without a question's vector there (its text is unchanged),
 * the trigger works it out.
 */
/**
 * A question whose key, state or comment a write changed, read before the write: what the tutor
 * wrote about it no longer stands (docs/product-rules.md, "The tutor after a change of key or
 * comment"). A question new to the catalogue, or coming back to it, changed nothing.
 */
export interface BasisChangedQuestion {
  id: string;
  fromKey: string;
  toKey: string;
  fromStatus: string;
  toStatus: string;
  commentChanged: boolean;
  subjects: { disciplineCode: string; subject: string }[];
}

async function upsertQuestions(
  db: Database,
  list: ReturnType<typeof questionRow>[],
  vectors: ReadonlyMap<string, string> | undefined,
  /** Some of these questions may be stored already: tell which of them changed their basis. */
  lookForChanges: boolean,
): Promise<BasisChangedQuestion[]> {
  const rows = vectors
    ? list.map((row) => ({ ...row, search_vector: vectors.get(row.id) ?? null }))
    : list;
  const vector = (clause: SQL) => (vectors ? clause : sql``);
  const incoming = sql`json_to_recordset(${JSON.stringify(rows)}::json) as q(id text,
    exam_id text, number integer, option_key text, statement_html text, alternatives jsonb,
    answer_letter text, discipline_code text, subject_id integer, reference_keys jsonb,
    image_asset_id text, image_description text, status text, status_note text,
    commentary jsonb ${vector(sql`, search_vector tsvector`)})`;
  const upsert = (from: SQL) => sql`
    insert into questions (id, exam_id, number, option_key, statement_html, alternatives,
      answer_letter, discipline_code, subject_id, reference_keys, image_asset_id,
      image_description, status, status_note, commentary ${vector(sql`, search_vector`)})
    select q.id, q.exam_id, q.number, q.option_key, q.statement_html, q.alternatives,
      q.answer_letter, q.discipline_code, q.subject_id, q.reference_keys, q.image_asset_id,
      q.image_description, q.status, q.status_note, q.commentary ${vector(sql`, q.search_vector`)}
    from ${from}
    left join questions stored on stored.id = q.id
    where stored.id is null
       or stored.retired_at is not null
       or (stored.number, stored.option_key, stored.statement_html, stored.alternatives,
           stored.answer_letter, stored.discipline_code, stored.subject_id, stored.reference_keys,
           stored.image_asset_id, stored.image_description, stored.status, stored.status_note,
           stored.commentary)
          is distinct from
          (q.number, q.option_key, q.statement_html, q.alternatives, q.answer_letter,
           q.discipline_code, q.subject_id, q.reference_keys, q.image_asset_id,
           q.image_description, q.status, q.status_note, q.commentary)
    on conflict (id) do update set
      number = excluded.number, option_key = excluded.option_key,
      statement_html = excluded.statement_html, alternatives = excluded.alternatives,
      answer_letter = excluded.answer_letter, discipline_code = excluded.discipline_code,
      subject_id = excluded.subject_id, reference_keys = excluded.reference_keys,
      image_asset_id = excluded.image_asset_id, image_description = excluded.image_description,
      status = excluded.status, status_note = excluded.status_note,
      commentary = excluded.commentary,
      ${vector(sql`search_vector = excluded.search_vector,`)}
      -- Back in the file: back in the catalogue.
      retired_at = null`;
  if (!lookForChanges) {
    await db.execute(upsert(incoming));
    return [];
  }
  // Every part of one statement reads the table as it was before the statement: `changed` sees
  // the stored key and comment that the upsert replaces.
  const changed = await executeRows<
    Omit<BasisChangedQuestion, 'subjects'> & {
      fromDiscipline: string;
      fromSubject: string;
      toDiscipline: string;
      toSubject: string;
    }
  >(
    db,
    sql`
    with q as (select * from ${incoming}),
    changed as (
      select q.id, stored.answer_letter as "fromKey", q.answer_letter as "toKey",
        stored.status as "fromStatus", q.status as "toStatus",
        stored.commentary is distinct from q.commentary as "commentChanged",
        stored.discipline_code as "fromDiscipline", stored_subject.name as "fromSubject",
        q.discipline_code as "toDiscipline", new_subject.name as "toSubject"
      from q
      join questions stored on stored.id = q.id and stored.retired_at is null
      join subjects stored_subject on stored_subject.id = stored.subject_id
      join subjects new_subject on new_subject.id = q.subject_id
      where (stored.answer_letter, stored.status, stored.commentary)
        is distinct from (q.answer_letter, q.status, q.commentary)
    ),
    written as (${upsert(sql`q`)})
    select * from changed`,
  );
  return changed.map(({ fromDiscipline, fromSubject, toDiscipline, toSubject, ...row }) => ({
    ...row,
    subjects: [
      { disciplineCode: fromDiscipline, subject: fromSubject },
      { disciplineCode: toDiscipline, subject: toSubject },
    ],
  }));
}

async function ensureSubjects(
  db: Database,
  list: ValidExam[],
  ids: Map<string, number>,
  pause: () => Promise<void>,
) {
  const wanted = new Map(
    list
      .flatMap((exam) => exam.questions)
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
