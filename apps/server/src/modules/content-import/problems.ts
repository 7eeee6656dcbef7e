import { countLabel } from '@gabarita/shared';
import { AppError } from '@/lib/errors';

/** One problem in a catalogue folder: the file, the JSON path inside it and what is wrong, in Portuguese. */
export interface Problem {
  file: string;
  path: string;
  message: string;
}

export type At = (path: string, message: string) => void;

/** Collects problems; each file's are reported together, in the order found. */
export class ProblemList {
  readonly items: Problem[] = [];

  report(file: string, path: string, message: string) {
    this.items.push({ file, path, message });
  }

  /** A reporter bound to one file. */
  in(file: string): At {
    return (path, message) => this.report(file, path, message);
  }

  get size() {
    return this.items.length;
  }
}

/** `$.questoes.3.gabarito`, `$.Alternativas[0]`, `$["ciencias-humanas"]`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[\p{L}\p{N}_]+$/u.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** Problems beyond this many lines are summarized, so a broken folder does not flood the terminal. */
export const MAX_LISTED_PROBLEMS = 300;

/**
 * The report an operator reads: a heading with the totals, then each file with its count and its
 * problems. Past MAX_LISTED_PROBLEMS lines, files still get their heading and count.
 */
export function formatProblems(problems: Problem[], folder: string): string {
  const byFile = new Map<string, Problem[]>();
  for (const problem of problems) {
    const list = byFile.get(problem.file) ?? [];
    list.push(problem);
    byFile.set(problem.file, list);
  }
  const lines = [
    `Nada foi importado: ${countLabel(problems.length, 'problema', 'problemas')} em ${countLabel(byFile.size, 'arquivo', 'arquivos')} de ${folder}`,
  ];
  let listed = 0;
  for (const [file, list] of byFile) {
    lines.push(`${file} (${countLabel(list.length, 'problema', 'problemas')})`);
    for (const problem of list) {
      if (listed >= MAX_LISTED_PROBLEMS) break;
      lines.push(`  ${problem.path}: ${problem.message}`);
      listed += 1;
    }
  }
  if (problems.length > listed) {
    lines.push(
      `... e mais ${countLabel(problems.length - listed, 'problema', 'problemas')} não listados`,
    );
  }
  return lines.join('\n');
}

/** The refusal of a folder with problems; `problems` lists them for callers that need each one. */
export class ContentProblemsError extends AppError {
  constructor(
    readonly problems: Problem[],
    folder: string,
  ) {
    super('content/invalid', 400, formatProblems(problems, folder));
  }
}

/**
 * A file that changed (or went away) between the check and the writing: the import writes what it
 * checked, or nothing.
 */
export const changedSinceChecked = (file: string, folder: string) =>
  new ContentProblemsError(
    [
      {
        file,
        path: '$',
        message:
          'o arquivo mudou durante a importação, depois de verificado: nada foi gravado; importe de novo quando a pasta não estiver mais sendo alterada',
      },
    ],
    folder,
  );
