import type { AnswerKeyLine } from '@gabarita/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, cardClasses } from '@/components/ui/card';
import { useMediaQuery } from '@/lib/use-media-query';
import { questionEditorPath } from '@/domain/editorial/editorial-links';
import { keyLabel, totalsOf } from '../answer-key-text';

/** From this width the lines are a table; below it, cards. */
const TABLE_QUERY = '(min-width: 1024px)';

const NUMBER_COLUMNS = [
  ['answers', 'Respostas'],
  ['becomeRight', 'Ficam certas'],
  ['becomeWrong', 'Ficam erradas'],
  ['voided', 'Deixam de contar'],
  ['simulados', 'Simulados recalculados'],
] as const;

function QuestionName({ line }: { line: AnswerKeyLine }) {
  const name = `Questão ${line.number}`;
  return line.questionId ? (
    <Link
      to={questionEditorPath(line.questionId)}
      className="font-medium text-primary-ink underline underline-offset-2 hover:no-underline"
    >
      {name}
    </Link>
  ) : (
    <span className="font-medium text-ink">{name}</span>
  );
}

function Change({ line }: { line: AnswerKeyLine }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap font-medium text-ink">
      {keyLabel(line.from)}
      <ArrowRight className="size-3.5 text-ink-muted" aria-hidden="true" />
      <span className="sr-only">para</span>
      {keyLabel(line.to)}
    </span>
  );
}

export const COMMENT_WITHDRAWN =
  'O comentário da questão explica o gabarito anterior: ele sai até ser reescrito no editor (fica nas versões).';

/** Why a line cannot be applied, or what applying it does besides the verdicts. */
function Remark({ line }: { line: AnswerKeyLine }) {
  if (line.problem) {
    return <span className="font-medium text-red-700 dark:text-red-400">{line.problem}</span>;
  }
  if (line.commentWithdrawn) return <span className="text-accent-ink">{COMMENT_WITHDRAWN}</span>;
  return <span className="text-ink-muted">—</span>;
}

const count = (value: number) => value.toLocaleString('pt-BR');

/**
 * Each change of a definitive key and whom it affects: the answers given, how many become right,
 * wrong or stop counting, the finished simulados recalculated, and why a line cannot be applied.
 */
export function AffectedTable({
  lines,
  caption,
}: {
  lines: readonly AnswerKeyLine[];
  caption: string;
}) {
  const wide = useMediaQuery(TABLE_QUERY);
  const totals = totalsOf(lines);

  if (!wide) {
    return (
      <ul aria-label={caption} className="space-y-3">
        {lines.map((line) => (
          <li key={line.number} className={cardClasses({ padding: 'sm' })}>
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
              <QuestionName line={line} />
              <Change line={line} />
            </p>
            <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 border-t border-line pt-3 text-sm">
              {NUMBER_COLUMNS.map(([key, label]) => (
                <div key={key} className="contents">
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="text-right tabular-nums text-ink">{count(line[key])}</dd>
                </div>
              ))}
            </dl>
            {(line.problem || line.commentWithdrawn) && (
              <p className="mt-3 border-t border-line pt-3 text-sm">
                <span className="text-ink-muted">
                  {line.problem ? 'Problema: ' : 'Observação: '}
                </span>
                <Remark line={line} />
              </p>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    // A narrow column scrolls the table sideways; keyboard users can scroll it too.
    <Card
      padding="none"
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted/60 text-xs font-medium uppercase tracking-wide text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Questão
            </th>
            <th scope="col" className="px-4 py-3">
              De → para
            </th>
            {NUMBER_COLUMNS.map(([key, label]) => (
              <th key={key} scope="col" className="px-4 py-3 text-right">
                {label}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              Observação
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {lines.map((line) => (
            <tr
              key={line.number}
              className={`align-top ${line.problem ? 'bg-red-50/60 dark:bg-red-950/20' : ''}`}
            >
              <th scope="row" className="whitespace-nowrap px-4 py-3 text-left font-normal">
                <QuestionName line={line} />
              </th>
              <td className="px-4 py-3">
                <Change line={line} />
              </td>
              {NUMBER_COLUMNS.map(([key]) => (
                <td key={key} className="px-4 py-3 text-right tabular-nums text-ink">
                  {count(line[key])}
                </td>
              ))}
              <td className="min-w-48 px-4 py-3 leading-6">
                <Remark line={line} />
              </td>
            </tr>
          ))}
        </tbody>
        {lines.length > 1 && (
          <tfoot className="border-t-2 border-line font-semibold text-ink">
            <tr>
              <th scope="row" colSpan={2} className="px-4 py-3 text-left">
                Total
              </th>
              {NUMBER_COLUMNS.map(([key]) => (
                <td key={key} className="px-4 py-3 text-right tabular-nums">
                  {count(totals[key])}
                </td>
              ))}
              <td className="px-4 py-3" />
            </tr>
          </tfoot>
        )}
      </table>
    </Card>
  );
}
