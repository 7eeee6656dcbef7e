import { countLabel, plural } from '@gabarita/shared';
import path from 'node:path';
import { type Database, runsOnPostgres } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { slicer } from '@/lib/event-loop';
import { type BasisChangeInput, recordBasisChange } from '@/modules/ai';
import { recordCatalogChange, buildExamIndex, saveExamIndexSnapshot } from '@/modules/catalog';
import { editsUndoneBy, recordOverwrittenEdits, reportUndoneEdits } from './import-conflicts';
import { editedInConsole } from './question-versions.repo';
import { flagQuestionCards } from '@/modules/review';
import { listContentFolder } from './content-files';
import {
  type BasisChangedQuestion,
  countCatalogQuestions,
  countExams,
  disciplineNames,
  limitPendingSearchWords,
  mergePendingSearchWords,
  questionWriting,
  upsertDisciplines,
  searchVectors,
  upsertExams,
  saveStudyNotes,
} from './content-import.repo';
import { checkFolderImagesAhead, writeFolderImages } from './folder-images';
import { releaseImageWorkers } from './image-workers';
import { importPace, type PaceChange } from './import-pace';
import type { RasterKind } from './raster-kind';
import { refreshStatistics, statisticsKeptUp } from './import-statistics';
import {
  plannedRetirements,
  type PlannedRetirements,
  reportRemovals,
  restoredCount,
  retiredCount,
  retirementLines,
} from './retirements';
import { childPath, ContentProblemsError, ProblemList } from './problems';
import { type CheckedCatalog, checkCatalog, examAgain, examBatches } from './streamed-catalog';
import type { ValidExam } from './validate-content';

export { ContentProblemsError } from './problems';

export type Progress = (line: string) => void;

export interface ImportOptions {
  /** Validate everything (images included) and write nothing. */
  check?: boolean;
  /** Allow disciplinas.json to give an existing code another name (renamed everywhere). */
  renameDisciplines?: boolean;
  /** Import comments marked `rascunho: true` as reviewed (an editor has read them). */
  acceptDrafts?: boolean;
  /** Write over questions edited in the editorial console (recorded as a version of each). */
  overwriteEdits?: boolean;
  /**
   * Retire the stored questions of a re-imported exam that its file no longer has (without it,
   * each such exam is a problem: docs/product-rules.md, "Retired questions").
   */
  allowRemovals?: boolean;
  /** How the folder is named in messages (an uploaded file's name); its path by default. */
  label?: string;
  /**
   * The catalogue came through the browser: the summary names the page's choices, never the
   * command's flags, which the editor there does not type.
   */
  uploaded?: boolean;
  /**
   * Written in the import's own transaction, after its writes: the import and this record (an
   * audit entry) commit together or not at all.
   */
  record?: (tx: Database, imported: ImportedSummary) => Promise<void>;
}

/** What an import wrote, for its record. */
export interface ImportedSummary {
  exams: number;
  questions: number;
  retired: number;
  restored: number;
  removals: PlannedRetirements['removals'];
}

export type ImportOutcome = 'imported' | 'refused' | 'failed';
type FinishedListener = (outcome: ImportOutcome, seconds: number) => void;
const finishedListeners = new Set<FinishedListener>();

/** Calls `listener` after each import this process runs (not a --check); returns its removal. */
export function onImportFinished(listener: FinishedListener): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}

export function createContentImportService(db: Database) {
  return {
    importContent: (dir: string, progress?: Progress, options: ImportOptions = {}) => {
      const running = importContent(db, dir, progress, options);
      // The image threads go as soon as the import ends: a command exits once it has printed.
      return (options.check ? running : timed(running)).finally(releaseImageWorkers);
    },
    isCatalogEmpty: async () => (await countExams(db)) === 0,
  };
}

export type ContentImportService = ReturnType<typeof createContentImportService>;

async function timed<T>(running: Promise<T>): Promise<T> {
  const started = performance.now();
  const finished = (outcome: ImportOutcome) => {
    for (const listener of finishedListeners)
      listener(outcome, (performance.now() - started) / 1000);
  };
  try {
    const result = await running;
    finished('imported');
    return result;
  } catch (error) {
    finished(error instanceof ContentProblemsError ? 'refused' : 'failed');
    throw error;
  }
}

/**
 * The largest catalogue the embedded database is tested with (README, "How large a catalogue the
 * embedded database serves"); past it, an import says so.
 */
export const EMBEDDED_TESTED_QUESTIONS = 100_000;

export async function embeddedCeilingWarning(
  db: Database,
  tested = EMBEDDED_TESTED_QUESTIONS,
): Promise<string | null> {
  if (runsOnPostgres(db)) return null;
  const questions = await countCatalogQuestions(db);
  if (questions <= tested) return null;
  return `Aviso: o catálogo tem agora ${countLabel(questions, 'questão', 'questões')}, e o banco embutido (PGlite) foi testado até ${tested.toLocaleString('pt-BR')}; acima disso as buscas ficam mais lentas. Para um catálogo deste tamanho, use PostgreSQL (DATABASE_URL; veja o README).`;
}

const seconds = (since: number) =>
  `${((performance.now() - since) / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;

/**
 * Validates the whole folder first (every problem, in one run), then writes it in one transaction:
 * all or nothing. Re-importing updates exams and questions in place, so users' history stays. Exam
 * files and images are read one at a time in both passes (streamed-catalog.ts, folder-images.ts):
 * the importer's memory does not grow with the catalogue.
 */
async function importContent(
  db: Database,
  dir: string,
  progress: Progress = () => undefined,
  options: ImportOptions,
) {
  const root = path.resolve(dir);
  const folder = options.label ?? root;
  const started = performance.now();
  progress(`Lendo ${folder}...`);
  const files = await listContentFolder(root);
  // In worker threads: decoding and sanitizing would hold up the requests of this thread. They
  // start now, beside the exam files' checks here.
  const imagesChecked = checkFolderImagesAhead(root, [...files.images.values()], progress);
  progress(
    `Verificando ${countLabel(files.examFiles.length, 'prova', 'provas')} e ${countLabel(files.images.size, 'imagem', 'imagens')}...`,
  );
  const { problems: found, catalog } = await checkCatalog(root, files, progress);
  const problems = new ProblemList();
  for (const problem of found) problems.report(problem.file, problem.path, problem.message);
  const images = await imagesChecked(catalog.images, problems);
  await checkRenames(db, catalog.disciplines, problems, options.renameDisciplines ?? false);
  if (!options.acceptDrafts) refuseDrafts(catalog, problems);
  const undoneEdits = await editsUndoneBy(db, {
    disciplines: catalog.disciplines,
    studyNotes: catalog.studyNotes,
    exams: await examsWithConsoleEdits(db, root, catalog, folder),
    images: [],
  });
  if (!options.overwriteEdits) reportUndoneEdits(undoneEdits, problems);
  // Looked for once nothing else is wrong: a question with a problem is missing from `catalog`
  // without having left the file.
  const retirements: PlannedRetirements =
    problems.size === 0
      ? await plannedRetirements(db, catalog.exams)
      : { removals: [], restorations: [] };
  if (!options.allowRemovals) reportRemovals(retirements.removals, problems);
  if (problems.size > 0) throw new ContentProblemsError(problems.items, folder);
  const retiring = {
    retired: retiredCount(retirements),
    restored: restoredCount(retirements),
    removals: retirements.removals,
  };

  const summary = `${countLabel(catalog.exams.length, 'prova', 'provas')}, ${countLabel(catalog.questionCount, 'questão', 'questões')}, ${countLabel(images.length, 'imagem', 'imagens')}`;
  const unused = files.images.size - catalog.images.length;
  if (unused > 0)
    progress(
      `Aviso: ${countLabel(unused, 'imagem não usada', 'imagens não usadas')} por nenhuma prova (${plural(unused, 'não será importada', 'não serão importadas')}).`,
    );
  // In the summary, after its first line (the command prints it last, the page shows it).
  const warnings = catalog.warnings.map(
    (warning) => `Aviso: ${warning.file} ${warning.path}: ${warning.message}.`,
  );
  progress(`Validado em ${seconds(started)}: ${summary}.`);
  progress(commentCoverage(catalog));
  if (options.check) {
    return {
      exams: catalog.exams.length,
      questions: catalog.questionCount,
      ...retiring,
      lines: [
        `Verificação concluída, nenhum problema: ${summary}. Nada foi gravado${options.uploaded ? '' : ' (--check)'}.`,
        ...warnings,
        ...retirementLines(retirements, false, options.uploaded),
      ],
    };
  }

  const writing = performance.now();
  // On PGlite each statement runs in this process and its promise settles at once, so without a
  // pause the whole loop would be one run of the event loop and no request would be answered.
  const pause = slicer();
  const writes = questionWriting(db);
  await pause();
  let kinds: Record<RasterKind, number> = { text: 0, picture: 0 };
  await inTransaction(db, async (tx) => {
    if (writes.pendingSearchWords) await limitPendingSearchWords(tx);
    await upsertDisciplines(tx, catalog.disciplines);
    kinds = await writeFolderImages(tx, root, images, { folder, pause });
    const subjectIds = new Map<string, number>();
    const written = writingProgress(catalog, progress);
    // On PostgreSQL a batch's search vectors are worked out on another connection (not `tx`)
    // while the batch before it is written.
    const withVectors = (batch: ValidExam[]) => {
      const vectors = writes.vectorsBeside ? searchVectors(db, batch) : Promise.resolve(undefined);
      // Thrown where it is awaited; if the writing stops first, nobody awaits it.
      vectors.catch(() => undefined);
      return { batch, vectors };
    };
    const statistics = writes.statisticsAsTablesGrow
      ? statisticsKeptUp(tx, await countCatalogQuestions(tx))
      : undefined;
    const write = async ({ batch, vectors }: ReturnType<typeof withVectors>) => {
      const changed = await upsertExams(
        tx,
        batch,
        subjectIds,
        pause,
        writes.questionsPerStatement,
        await vectors,
      );
      for (const question of changed) {
        const change = basisChangeOf(question);
        await recordBasisChange(tx, change);
        await flagQuestionCards(
          tx,
          question.id,
          change.kind === 'comment' ? 'commentChanged' : 'keyChanged',
        );
      }
      for (const exam of batch) written(exam.questions.length);
      await statistics?.afterWriting(batch.reduce((sum, exam) => sum + exam.questions.length, 0));
    };
    // Read outside the transaction, which would keep its first reading of the statistics.
    const pace = writes.givesWayToOthers ? importPace(db, paceChanges(progress)) : undefined;
    let waiting: ReturnType<typeof withVectors> | undefined;
    // Each exam read and validated again from its file, as it was checked (or the import stops).
    for await (const batch of examBatches(root, catalog, folder, writes.questionsPerBatch)) {
      const stepStarted = performance.now();
      const next = withVectors(batch);
      if (waiting) {
        await write(waiting);
        await pace?.afterStep(performance.now() - stepStarted);
      }
      waiting = next;
    }
    if (waiting) await write(waiting);
    for (const removal of retiring.removals) {
      for (const question of removal.questions) await flagQuestionCards(tx, question.id, 'retired');
    }
    if (writes.pendingSearchWords) await mergePendingSearchWords(tx);
    await saveStudyNotes(tx, catalog.studyNotes);
    await recordOverwrittenEdits(tx, undoneEdits);
    await options.record?.(tx, {
      exams: catalog.exams.length,
      questions: catalog.questionCount,
      ...retiring,
    });
    // Before the commit, while readers are still answered from the catalogue in memory: after it
    // they wait for the new exam index, and on PGlite would wait for these statements too.
    await refreshStatistics(tx, writes.smallStatisticsSample);
    // Every instance drops its copy of the catalogue when this commits, not before, and reads
    // the new exam index from what is saved here instead of building it from the rows.
    const version = await recordCatalogChange(tx);
    await saveExamIndexSnapshot(tx, version, await buildExamIndex(tx));
  });
  progress(`Gravado em ${seconds(writing)}.`);
  const ceiling = await embeddedCeilingWarning(db);
  return {
    exams: catalog.exams.length,
    questions: catalog.questionCount,
    ...retiring,
    lines: [
      `Importação concluída: ${summary} de ${folder}.`,
      ...(kinds.text + kinds.picture > 0 ? [rasterKindsLine(kinds)] : []),
      ...warnings,
      ...retirementLines(retirements, true),
      ...(ceiling ? [ceiling] : []),
    ],
  };
}

/** 'A', or 'anulada' for an annulled question: how a change of key names it. */
const keyName = (key: string, status: string) => (status === 'annulled' ? 'anulada' : key);

/**
 * A re-imported question whose key, annulment or comment the file changed: a change of what the
 * tutor's texts about it stood on, as when the definitive key or the editor changes it.
 */
function basisChangeOf(question: BasisChangedQuestion): BasisChangeInput {
  const from = keyName(question.fromKey, question.fromStatus);
  const to = keyName(question.toKey, question.toStatus);
  if (from === to) {
    return {
      questionId: question.id,
      kind: 'comment',
      from: null,
      to: null,
      subjects: question.subjects,
    };
  }
  return {
    questionId: question.id,
    kind: to === 'anulada' ? 'annulment' : 'key',
    from,
    to,
    subjects: question.subjects,
  };
}

const EXAMS_PER_LOOKUP = 5_000;

/**
 * The exams with a question whose newest version was made in the editorial console, read again
 * from their files: only those are compared with the console's versions (import-conflicts.ts).
 */
async function examsWithConsoleEdits(
  db: Database,
  root: string,
  catalog: CheckedCatalog,
  folder: string,
) {
  const edited = new Set<string>();
  // A few thousand exams per statement: a statement has at most 65,535 parameters.
  for (let start = 0; start < catalog.exams.length; start += EXAMS_PER_LOOKUP) {
    const ids = catalog.exams.slice(start, start + EXAMS_PER_LOOKUP).map((exam) => exam.id);
    for (const row of await editedInConsole(db, ids)) edited.add(row.questionId);
  }
  if (edited.size === 0) return [];
  return catalog.exams
    .filter((exam) => exam.questionIds.some((id) => edited.has(id)))
    .map((exam) => examAgain(root, exam, catalog.validator, folder));
}

/**
 * Reports every twentieth of the exams written, with the rate of questions since the previous line
 * and the time left at that rate.
 */
function writingProgress(catalog: CheckedCatalog, progress: Progress) {
  const total = catalog.exams.length;
  const totalQuestions = catalog.questionCount;
  const step = Math.max(1, Math.ceil(total / 20));
  let examsDone = 0;
  let questionsDone = 0;
  let mark = { at: performance.now(), questions: 0 };
  return (questions: number) => {
    examsDone += 1;
    questionsDone += questions;
    if (examsDone % step !== 0 && examsDone !== total) return;
    const now = performance.now();
    const perMinute = ((questionsDone - mark.questions) * 60_000) / Math.max(now - mark.at, 1);
    mark = { at: now, questions: questionsDone };
    const left =
      examsDone < total && perMinute > 0
        ? ` · ${timeLeft((totalQuestions - questionsDone) / perMinute)}`
        : '';
    progress(
      `  ${examsDone.toLocaleString('pt-BR')}/${countLabel(total, 'prova gravada', 'provas gravadas')} · ${roundedRate(perMinute).toLocaleString('pt-BR')} questões/min${left}`,
    );
  };
}

/** Tells the operator when the import slows down for busy instances, and when it stops. */
function paceChanges(progress: Progress): PaceChange {
  return (busy, perSecond) =>
    progress(
      busy
        ? `  Instâncias atendendo (${Math.round(perSecond).toLocaleString('pt-BR')} transações/s no banco): a gravação segue em meio ritmo enquanto isso.`
        : '  Banco com pouco movimento: a gravação volta ao ritmo normal.',
    );
}

const roundedRate = (perMinute: number) =>
  perMinute >= 1000 ? Math.round(perMinute / 100) * 100 : Math.round(perMinute);

const timeLeft = (minutes: number) =>
  minutes < 1
    ? 'falta menos de 1 min'
    : `${plural(Math.round(minutes), 'falta', 'faltam')} cerca de ${Math.round(minutes).toLocaleString('pt-BR')} min`;

/**
 * A code that already exists with another name would be renamed everywhere it is shown: only on
 * purpose (--rename-disciplines).
 */
async function checkRenames(
  db: Database,
  wanted: { code: string; name: string }[],
  problems: ProblemList,
  allowed: boolean,
) {
  if (allowed || wanted.length === 0) return;
  const current = new Map((await disciplineNames(db)).map((row) => [row.code, row.name]));
  for (const { code, name } of wanted) {
    const before = current.get(code);
    if (before !== undefined && before !== name) {
      problems.report(
        'disciplinas.json',
        childPath('$', code),
        `renomearia a disciplina "${before}" para "${name}" em todo o catálogo; se é isso mesmo, importe com --rename-disciplines`,
      );
    }
  }
}

/**
 * What the authored content covers: questions without the team's comment (the first few named) and
 * subjects with study notes. Not a problem: both are optional.
 */
function commentCoverage(catalog: CheckedCatalog): string {
  const { without, firstWithout, subjects } = catalog.comments;
  const notes = `notas de estudo em ${catalog.studyNotes.length} de ${countLabel(subjects.size, 'assunto', 'assuntos')}`;
  if (without === 0) return `Comentários: todas as questões têm comentário; ${notes}.`;
  const more = without > firstWithout.length ? ` e mais ${without - firstWithout.length}` : '';
  return `Comentários: ${countLabel(without, 'questão sem comentário', 'questões sem comentário')} (${firstWithout.join(', ')}${more}); ${notes}.`;
}

/** A model's draft reaches students only once an editor accepts it (`--accept-drafts`). */
function refuseDrafts(catalog: CheckedCatalog, problems: ProblemList) {
  for (const { file, path: at } of catalog.drafts) {
    problems.report(
      file,
      at,
      'comentário em rascunho, escrito por um modelo e ainda não revisado: revise-o e retire "rascunho", ou importe com --accept-drafts',
    );
  }
}

/**
 * How the imported rasters were classified (raster-kind.ts): text-like keep a readable width on a
 * phone, picture-like fit the column.
 */
function rasterKindsLine(kinds: Record<RasterKind, number>): string {
  return `Classificação das imagens (PNG, JPEG, WebP, GIF): ${countLabel(kinds.text, 'imagem de texto', 'imagens de texto')} (digitalizações, tabelas, gráficos), com largura mínima legível no celular; ${countLabel(kinds.picture, 'foto ou ilustração', 'fotos ou ilustrações')} (logotipos incluídos), que ${plural(kinds.picture, 'cabe', 'cabem')} na coluna.`;
}
