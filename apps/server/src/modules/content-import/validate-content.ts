import { slicer } from '@/lib/event-loop';
import { readStudyNotes } from './study-notes';
import { type ContentFiles, type RawFile } from './content-files';
import { IMAGE_EXTENSIONS_LABEL } from './content-files';
import { type Problem, ProblemList } from './problems';
import {
  type ValidExam,
  type ValidCatalog,
  type FirstUse,
  usesLabel,
  type ExamContext,
} from './validation-model';
import { readExam } from './exam-schema';
import { addSubjectsNamedIn, readDisciplineCatalog } from './content-references';
import { type ListedQuestions, idsListedIn, checkDisciplineFiles } from './cross-file';

export type { Problem } from './problems';
export {
  SUPPORTED_VERSIONS,
  type QuestionStatusValue,
  type ValidCatalog,
  type ValidExam,
  type ValidQuestion,
} from './validation-model';

/**
 * Checks a whole catalogue folder and returns every problem with its file and JSON path, or the
 * catalogue ready to be written (HTML sanitized). Independent problems are all reported in one
 * run; a problem that would repeat (an unknown discipline, a missing image) is reported once, where
 * it is first found, with the number of uses.
 */
export async function validateContent(
  files: ContentFiles,
  progress: (line: string) => void = () => undefined,
): Promise<{ problems: Problem[]; catalog: ValidCatalog }> {
  const validator = createCatalogValidator({ ...files, imageNames: files.images });
  // Ids equal their file names (checked per exam), so they are unique.
  const exams: ValidExam[] = [];
  const step = Math.max(1, Math.ceil(files.exams.length / 10));
  // Run inside the server on PGlite: requests are served between slices.
  const pause = slicer();
  for (const [index, raw] of files.exams.entries()) {
    await pause();
    const exam = validator.exam(raw);
    if (exam) exams.push(exam);
    if (files.exams.length >= 200 && ((index + 1) % step === 0 || index + 1 === files.exams.length))
      progress(`  ${index + 1}/${files.exams.length} provas verificadas`);
  }
  const checked = validator.finish({
    unreadableExams: files.unreadable.filter((entry) => entry.file.startsWith('provas/')).length,
  });
  return {
    problems: [
      ...files.unreadable.map(({ file, reason }) => ({ file, path: '$', message: reason })),
      ...checked.problems,
    ],
    catalog: {
      disciplines: checked.disciplines,
      exams,
      studyNotes: checked.studyNotes,
      images: checked.usedImages.map((assetId) => files.images.get(assetId)!),
    },
  };
}

/** What the checks across files start from: the small files, and the names of the images. */
export interface CatalogValidatorInput {
  disciplines: RawFile | null;
  disciplineFiles: RawFile[];
  noteFiles: RawFile[];
  imageNames: { has(assetId: string): boolean };
}

export type CatalogValidator = ReturnType<typeof createCatalogValidator>;

/**
 * Checks a catalogue one exam file at a time (`exam`), keeping of each only what the checks across
 * files need (unknown disciplines and missing images with their first use, the images used, the
 * subjects named, the discipline and subject of the questions the discipline files list); `finish`
 * reports those. Every problem but the unreadable files' (the caller's, reported first).
 */
export function createCatalogValidator(input: CatalogValidatorInput) {
  const problems = new ProblemList();
  const disciplines = readDisciplineCatalog(input.disciplines, problems);
  const unknownDisciplines = new Map<string, FirstUse>();
  const missingImages = new Map<string, FirstUse>();
  const usedImages = new Set<string>();
  const listedIds = idsListedIn(input.disciplineFiles);
  const listed: ListedQuestions = new Map();
  const subjectsNamed = new Set<string>();
  let examFiles = 0;
  const remember = (map: Map<string, FirstUse>, key: string, file: string, path: string) => {
    const entry = map.get(key) ?? { file, path, uses: 0, files: new Set<string>() };
    entry.uses += 1;
    entry.files.add(file);
    map.set(key, entry);
  };
  const context: ExamContext = {
    knownDiscipline: (code, file, path) => {
      if (disciplines.known.has(code)) return true;
      remember(unknownDisciplines, code, file, path);
      return false;
    },
    useImage: (assetId, file, path) => {
      if (input.imageNames.has(assetId)) usedImages.add(assetId);
      else remember(missingImages, assetId, file, path);
    },
  };
  // A file read again: the same checks, nothing remembered.
  const again: ExamContext = {
    knownDiscipline: (code) => disciplines.known.has(code),
    useImage: () => undefined,
  };

  return {
    /** Checks one exam file; its problems are kept for `finish`. */
    exam(raw: RawFile): ValidExam | null {
      examFiles += 1;
      addSubjectsNamedIn(raw.data, subjectsNamed);
      const exam = readExam(raw, problems.in(raw.file), context);
      for (const question of exam?.questions ?? []) {
        if (listedIds.has(question.id))
          listed.set(question.id, {
            disciplineCode: question.disciplineCode,
            subject: question.subject,
          });
      }
      return exam;
    },

    /** Checks an exam file again, as `exam` did: the exam and how many problems it has. */
    again(raw: RawFile): { exam: ValidExam | null; problems: number } {
      const own = new ProblemList();
      const exam = readExam(raw, own.in(raw.file), again);
      return { exam, problems: own.size };
    },

    /** The checks across files, once every exam file has been through `exam`. */
    finish({ unreadableExams }: { unreadableExams: number }) {
      for (const [code, use] of unknownDisciplines) {
        problems.report(
          use.file,
          use.path,
          `disciplina desconhecida: "${code}" não está em disciplinas.json (${usesLabel(use.uses, use.files.size)})`,
        );
      }
      for (const [assetId, use] of missingImages) {
        problems.report(
          use.file,
          use.path,
          `imagem ausente: nenhum arquivo imagens/${assetId}.(${IMAGE_EXTENSIONS_LABEL}) (${usesLabel(use.uses, use.files.size)})`,
        );
      }
      if (examFiles === 0 && unreadableExams === 0)
        problems.report('provas/', '$', 'nenhuma prova encontrada');
      checkDisciplineFiles(input.disciplineFiles, listed, problems);
      const studyNotes = readStudyNotes(
        input.noteFiles,
        subjectsNamed,
        (code) => disciplines.known.has(code),
        problems,
      );
      return {
        problems: problems.items,
        disciplines: [...disciplines.names].map(([code, name]) => ({ code, name })),
        studyNotes,
        /** In the order first used. */
        usedImages: [...usedImages],
      };
    },
  };
}
