import { countLabel } from '@gabarita/shared';
import { FileWarning } from 'lucide-react';
import type { ContentProblem } from '../api/content-import-api';

const problemCount = (count: number) => countLabel(count, 'problema', 'problemas');

/** The problems in the order found, grouped by file (as the command prints them). */
export function groupByFile(problems: readonly ContentProblem[]): [string, ContentProblem[]][] {
  const groups = new Map<string, ContentProblem[]>();
  for (const problem of problems) {
    const list = groups.get(problem.file) ?? [];
    list.push(problem);
    groups.set(problem.file, list);
  }
  return [...groups];
}

/**
 * The problems of a catalogue like the import command's report: each file with its count, then
 * each problem's JSON path and message.
 */
export function ProblemReport({
  problems,
  headingLevel = 3,
}: {
  problems: readonly ContentProblem[];
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="mt-4 space-y-4">
      {groupByFile(problems).map(([file, list]) => (
        <div key={file} className="rounded-xl border border-line">
          <Heading className="flex items-start gap-2 border-b border-line bg-surface-muted/60 px-4 py-2.5 text-sm font-semibold text-ink">
            <FileWarning className="mt-0.5 size-4 shrink-0 text-ink-muted" aria-hidden="true" />
            <span className="min-w-0 break-all">
              {file}{' '}
              <span className="font-normal text-ink-muted">({problemCount(list.length)})</span>
            </span>
          </Heading>
          <ul className="divide-y divide-line">
            {list.map((problem, index) => (
              <li key={index} className="px-4 py-2.5 text-sm leading-6">
                <code className="block break-all font-mono text-xs text-ink-muted">
                  {problem.path}
                </code>
                <span className="text-ink">{problem.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
