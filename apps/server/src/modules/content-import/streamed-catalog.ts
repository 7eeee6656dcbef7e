import { slicer } from '@/lib/event-loop';
import {
  type ContentFolder,
  type ImageEntry,
  inFolderOrder,
  readJsonFile,
  type Unreadable,
} from './content-files';
import { questionPath } from './option-blocks';
import { changedSinceChecked, type Problem } from './problems';
import {
  type CatalogValidator,
  createCatalogValidator,
  type ValidCatalog,
  type ValidExam,
} from './validate-content';

/*
 * An import walks the exam files twice, so that its memory does not grow with the catalogue: the
 * check reads each file, validates it and keeps only what the checks across files and the
 * database need (below); the writing reads each file again, one at a time, as it writes it.
 */

/**
 * What the check keeps of a valid exam. Its question ids are one text of what follows the exam's
 * id (`<examId>_…`, as the spec names questions): a million ids as strings of their own took about
 * 60 MB of the importer's heap. A class rather than an object with a getter of its own: each such
 * getter's closure, and the object's properties then kept as a dictionary, took some 600 bytes an
 * exam (docs/performance.md, "A million questions"). No id holds a NUL, which a PostgreSQL text
 * cannot.
 */
export class CheckedExam {
  readonly id: string;
  readonly file: string;
  /** The file's digest when checked: writing refuses a file that changed since. */
  readonly digest: string;
  readonly questionCount: number;
  /** The ids joined by NUL, without the `<examId>_` they begin with when all do. */
  private readonly idTails: string;
  private readonly idsPrefixed: boolean;

  constructor(exam: ValidExam, file: string, digest: string) {
    this.id = exam.id;
    this.file = file;
    this.digest = digest;
    this.questionCount = exam.questions.length;
    const prefix = `${exam.id}_`;
    this.idsPrefixed = exam.questions.every((question) => question.id.startsWith(prefix));
    const skip = this.idsPrefixed ? prefix.length : 0;
    this.idTails = exam.questions.map((question) => question.id.slice(skip)).join('\u0000');
  }

  /** For the retirements (retirements.ts) and the console edits (content-import.service.ts). */
  get questionIds(): string[] {
    if (this.questionCount === 0) return [];
    const prefix = this.idsPrefixed ? `${this.id}_` : '';
    return this.idTails.split('\u0000').map((tail) => prefix + tail);
  }
}

/** A checked catalogue: the small files' content, and of the exams only what later steps need. */
export interface CheckedCatalog {
  disciplines: ValidCatalog['disciplines'];
  studyNotes: ValidCatalog['studyNotes'];
  exams: CheckedExam[];
  questionCount: number;
  /** The images the exams use, read again when written. */
  images: ImageEntry[];
  /** Where each comment marked `rascunho` is, as its problem names it. */
  drafts: { file: string; path: string }[];
  comments: CommentTally;
  /** Checks an exam file again (see `examsAgain`). */
  validator: CatalogValidator;
}

/** What the authored comments cover, for the summary (content-import.service.ts). */
export interface CommentTally {
  /** The first few questions without a comment, and how many there are. */
  firstWithout: string[];
  without: number;
  /** Disciplines and subjects of the questions, as "code\0subject". */
  subjects: Set<string>;
}

const NAMED_WITHOUT_COMMENT = 5;

/**
 * The check (the first pass): every exam file read and validated one after another, with the same
 * problems, in the same order, as `validateContent` reports for the folder read whole.
 */
export async function checkCatalog(
  root: string,
  folder: ContentFolder,
  progress: (line: string) => void,
): Promise<{ problems: Problem[]; catalog: CheckedCatalog }> {
  const validator = createCatalogValidator({ ...folder, imageNames: folder.images });
  const unreadable: Unreadable[] = [...folder.unreadable];
  const exams: CheckedExam[] = [];
  const drafts: CheckedCatalog['drafts'] = [];
  const comments: CommentTally = { firstWithout: [], without: 0, subjects: new Set() };
  let questionCount = 0;
  const total = folder.examFiles.length;
  const step = Math.max(1, Math.ceil(total / 10));
  // Run inside the server on PGlite: requests are served between slices.
  const pause = slicer();
  for (const [index, file] of folder.examFiles.entries()) {
    await pause();
    const read = readJsonFile(root, file);
    if ('reason' in read) unreadable.push({ file, reason: read.reason });
    else {
      const exam = validator.exam(read.raw);
      if (exam) {
        exams.push(new CheckedExam(exam, file, read.digest));
        questionCount += exam.questions.length;
        tallyComments(exam, comments, drafts);
      }
    }
    if (total >= 200 && ((index + 1) % step === 0 || index + 1 === total))
      progress(`  ${index + 1}/${total} provas verificadas`);
  }
  const unreadableExams = unreadable.filter((entry) => entry.file.startsWith('provas/')).length;
  const checked = validator.finish({ unreadableExams });
  const problems = [
    ...inFolderOrder(unreadable).map(({ file, reason }) => ({ file, path: '$', message: reason })),
    ...checked.problems,
  ];
  return {
    problems,
    catalog: {
      disciplines: checked.disciplines,
      studyNotes: checked.studyNotes,
      exams,
      questionCount,
      images: checked.usedImages.map((assetId) => folder.images.get(assetId)!),
      drafts,
      comments,
      validator,
    },
  };
}

function tallyComments(exam: ValidExam, tally: CommentTally, drafts: CheckedCatalog['drafts']) {
  for (const question of exam.questions) {
    tally.subjects.add(`${question.disciplineCode}\u0000${question.subject}`);
    if (question.commentary === null) {
      tally.without += 1;
      if (tally.firstWithout.length < NAMED_WITHOUT_COMMENT) tally.firstWithout.push(question.id);
    }
    if (question.commentaryDraft) {
      drafts.push({
        file: `provas/${exam.id}.json`,
        path: `${questionPath(question.optionKey, question.number)}.comentario.rascunho`,
      });
    }
  }
}

/**
 * The checked exams, read and validated again from their files in batches of about
 * `questionsPerBatch` questions (one exam at least): the writing (the second pass) holds two
 * batches at once. The next batch is read one exam per turn of the event loop while the current one
 * is written, so the reading overlaps the database's work instead of adding to it. A file that
 * changed (or went away) since it was checked stops the import: what was checked is what is
 * written, or nothing.
 */
export async function* examBatches(
  root: string,
  catalog: Pick<CheckedCatalog, 'exams' | 'validator'>,
  folder: string,
  questionsPerBatch: number,
): AsyncGenerator<ValidExam[]> {
  let next = 0;
  let stopped = false;
  const readBatch = async () => {
    const batch: ValidExam[] = [];
    let questions = 0;
    while (!stopped && next < catalog.exams.length && questions < questionsPerBatch) {
      await new Promise((resolve) => setImmediate(resolve));
      const checked = catalog.exams[next++]!;
      batch.push(examAgain(root, checked, catalog.validator, folder));
      questions += checked.questionCount;
    }
    return batch;
  };
  try {
    let ahead = readBatch();
    for (;;) {
      const batch = await ahead;
      if (batch.length === 0) return;
      ahead = readBatch();
      // Its failure is thrown where it is awaited; if the writing stops first, nobody awaits it.
      ahead.catch(() => undefined);
      yield batch;
    }
  } finally {
    stopped = true;
  }
}

/** One checked exam as it was validated, read again from its file. */
export function examAgain(
  root: string,
  checked: CheckedExam,
  validator: CatalogValidator,
  folder: string,
): ValidExam {
  const read = readJsonFile(root, checked.file);
  if ('reason' in read || read.digest !== checked.digest)
    throw changedSinceChecked(checked.file, folder);
  const again = validator.again(read.raw);
  // The same bytes give the same exam; anything else would not be what was checked.
  if (!again.exam || again.problems > 0 || again.exam.id !== checked.id)
    throw changedSinceChecked(checked.file, folder);
  return again.exam;
}
