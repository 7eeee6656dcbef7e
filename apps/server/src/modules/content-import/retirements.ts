import { countLabel } from '@gabarita/shared';
import { type Database, runsOnPostgres } from '@/db/client';
import { slicer } from '@/lib/event-loop';
import type { ProblemList } from './problems';
import {
  answeringStudentsPerExam,
  type QuestionRow,
  questionsLeaving,
  retiredQuestionsOf,
} from './retirements.repo';

/**
 * What a re-import takes out of the catalogue and brings back (docs/product-rules.md, "Retired
 * questions"): the stored questions of a re-imported exam that its new file lacks are retired, not
 * deleted, and only on purpose (`--allow-removals`); a retired question the file has again returns.
 */
export interface ExamRemovals {
  examId: string;
  questions: { id: string; number: number }[];
  /** Students with a recorded answer to any of them: their history keeps them. */
  answeredBy: number;
}

export interface ExamRestorations {
  examId: string;
  questions: { id: string; number: number }[];
}

export interface PlannedRetirements {
  removals: ExamRemovals[];
  restorations: ExamRestorations[];
}

/** An exam of the import and the ids of the questions its file has. */
export interface IncomingExam {
  id: string;
  questionIds: readonly string[];
}

/** Groups rows by exam, exams and questions in a stable order. */
function byExam(rows: QuestionRow[]) {
  const exams = new Map<string, { id: string; number: number }[]>();
  for (const row of rows) {
    const list = exams.get(row.exam_id) ?? [];
    list.push({ id: row.id, number: row.number });
    exams.set(row.exam_id, list);
  }
  return [...exams]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([examId, questions]) => ({
      examId,
      questions: questions.sort((a, b) => a.number - b.number || a.id.localeCompare(b.id)),
    }));
}

/**
 * Questions compared per statement. On PGlite each statement runs in the server's thread: 5,000
 * held it for 50 ms, and the first, on pages not yet read, for about 400 ms.
 */
const questionsPerStatement = (db: Database) => (runsOnPostgres(db) ? 5_000 : 500);

/**
 * Read before anything is written, a few exams per statement. The ids travel as one JSON
 * parameter: a large catalogue has more questions than a statement may have parameters.
 */
export async function plannedRetirements(
  db: Database,
  incomingExams: IncomingExam[],
): Promise<PlannedRetirements> {
  const pause = slicer();
  const leaving: QuestionRow[] = [];
  const returning: QuestionRow[] = [];
  for (const exams of chunks(incomingExams, questionsPerStatement(db))) {
    await pause();
    const examIds = exams.map((exam) => exam.id);
    const incoming = exams.flatMap((exam) => exam.questionIds);
    leaving.push(...(await questionsLeaving(db, examIds, incoming)));
    // Retired rows are few: the file's ids are looked up here.
    const wanted = new Set(incoming);
    const retired = await retiredQuestionsOf(db, examIds);
    returning.push(...retired.filter((row) => wanted.has(row.id)));
  }
  const answeredBy = new Map<string, number>();
  if (leaving.length > 0) {
    const rows = await answeringStudentsPerExam(
      db,
      leaving.map((row) => row.id),
    );
    for (const row of rows) answeredBy.set(row.exam_id, row.students);
  }
  return {
    removals: byExam(leaving).map((exam) => ({
      ...exam,
      answeredBy: answeredBy.get(exam.examId) ?? 0,
    })),
    restorations: byExam(returning),
  };
}

/** Whole exams, about `questions` questions at a time. */
function* chunks(exams: IncomingExam[], questions: number) {
  let chunk: IncomingExam[] = [];
  let size = 0;
  for (const exam of exams) {
    chunk.push(exam);
    size += exam.questionIds.length;
    if (size >= questions) {
      yield chunk;
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) yield chunk;
}

const numbers = (questions: { number: number }[]) =>
  questions.map((question) => question.number).join(', ');

function answered(removal: ExamRemovals) {
  const one = removal.questions.length === 1;
  return removal.answeredBy === 0
    ? `nenhum aluno ${one ? 'a' : 'as'} respondeu`
    : `${one ? 'respondida' : 'respondidas'} por ${countLabel(removal.answeredBy, 'aluno', 'alunos')}`;
}

/** `3 questões deixariam o catálogo (12, 40, 41), respondidas por 5 alunos` */
function leaving(removal: ExamRemovals, done: boolean) {
  const total = removal.questions.length;
  const verb = done
    ? total === 1
      ? 'retirada do catálogo'
      : 'retiradas do catálogo'
    : total === 1
      ? 'deixaria o catálogo'
      : 'deixariam o catálogo';
  return `${countLabel(total, 'questão', 'questões')} ${verb} (${numbers(removal.questions)}), ${answered(removal)}`;
}

/**
 * The summary's lines, per exam: what leaves the catalogue (`done`: it was written; otherwise what a
 * check found) and what comes back.
 */
export function retirementLines(
  planned: PlannedRetirements,
  done: boolean,
  uploaded = false,
): string[] {
  return [
    ...planned.removals.map((removal) => {
      const one = removal.questions.length === 1;
      const after = done
        ? `; o histórico dos alunos ${one ? 'a' : 'as'} mantém.`
        : uploaded
          ? `; ${one ? 'será retirada' : 'serão retiradas'} ao importar.`
          : `; com --allow-removals, ${one ? 'será retirada' : 'serão retiradas'}.`;
      return `prova ${removal.examId}: ${leaving(removal, done)}${after}`;
    }),
    ...planned.restorations.map(({ examId, questions }) => {
      const total = questions.length;
      const verb = done
        ? total === 1
          ? 'volta'
          : 'voltam'
        : total === 1
          ? 'voltaria'
          : 'voltariam';
      return `prova ${examId}: ${countLabel(total, 'questão', 'questões')} ${verb} ao catálogo (${numbers(questions)}).`;
    }),
  ];
}

/** Without `--allow-removals`, each exam that would lose questions is a problem of the import. */
export function reportRemovals(removals: ExamRemovals[], problems: ProblemList) {
  for (const removal of removals) {
    problems.report(
      `provas/${removal.examId}.json`,
      '$.questoes',
      `${leaving(removal, false)}: se é isso mesmo, importe com --allow-removals (no navegador, ` +
        'marque "Retirar do catálogo as questões que não estão no arquivo"); elas são retiradas, ' +
        'não apagadas, e o histórico dos alunos as mantém',
    );
  }
}

export const retiredCount = (planned: PlannedRetirements) =>
  planned.removals.reduce((sum, removal) => sum + removal.questions.length, 0);

export const restoredCount = (planned: PlannedRetirements) =>
  planned.restorations.reduce((sum, restoration) => sum + restoration.questions.length, 0);
