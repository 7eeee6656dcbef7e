import type { Simulado } from '@gabarita/shared';
import { ChevronRight, CircleCheck, CircleMinus, CircleSlash, CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { formatDuration, formatInteger } from '@/lib/formatters';
import { questionViewerPath } from '@/domain/study/study-links';
import { SCORING_SHORT, scoreLabel } from '../simulado-text';

const OUTCOME = {
  certa: { label: 'Certa', icon: CircleCheck, classes: 'text-emerald-700 dark:text-emerald-400' },
  errada: { label: 'Errada', icon: CircleX, classes: 'text-red-700 dark:text-red-400' },
  em_branco: { label: 'Em branco', icon: CircleMinus, classes: 'text-ink-muted' },
  anulada: { label: 'Anulada', icon: CircleSlash, classes: 'text-ink-muted' },
} as const;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface px-4 py-3">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-ink">{value}</dd>
      {hint && <dd className="text-xs text-ink-muted">{hint}</dd>}
    </div>
  );
}

const TH = 'px-2 py-2 text-left text-xs font-semibold text-ink-muted sm:px-3';
const TD = 'px-2 py-2.5 text-sm text-ink sm:px-3';

/** The end of a simulado: score, time, breakdown by discipline, and every question with its key. */
export function SimuladoResult({ simulado }: { simulado: Simulado }) {
  const result = simulado.result;
  if (!result) return null;
  return (
    <div className="space-y-6">
      {simulado.finishedBy === 'tempo' && (
        <Notice tone="info">
          O tempo acabou: o simulado foi finalizado com as respostas salvas.
        </Notice>
      )}
      <Card as="section" aria-labelledby="resultado">
        <h2 id="resultado" className="text-base font-semibold text-ink">
          Resultado
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3">
          <Stat
            label="Nota"
            value={scoreLabel(result.score, result.maxScore)}
            hint={SCORING_SHORT[simulado.scoring]}
          />
          <Stat label="Acertos" value={formatInteger(result.correct)} />
          <Stat label="Erros" value={formatInteger(result.wrong)} />
          <Stat label="Em branco" value={formatInteger(result.blank)} />
          <Stat
            label="Tempo usado"
            value={formatDuration(result.timeUsedSeconds)}
            hint={`de ${formatDuration(simulado.timeLimitSeconds)}`}
          />
          <Stat
            label="Aproveitamento"
            value={`${result.maxScore > 0 ? Math.round((result.correct / result.maxScore) * 100) : 0}%`}
            hint="acertos sobre o total"
          />
        </dl>
      </Card>

      <Card as="section" padding="none" aria-labelledby="por-disciplina">
        <h2 id="por-disciplina" className="px-5 pt-4 text-base font-semibold text-ink sm:px-6">
          Por disciplina
        </h2>
        {/* Focusable so a keyboard can scroll it sideways on narrow screens (the section is the region). */}
        {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
        <div className="mt-3 overflow-x-auto" tabIndex={0} aria-labelledby="por-disciplina">
          <table className="w-full border-collapse">
            <thead className="border-y border-line bg-surface-muted/60">
              <tr>
                <th scope="col" className={TH}>
                  Disciplina
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Questões
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Acertos
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Erros
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Branco
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Nota
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {result.byDiscipline.map((row) => (
                <tr key={row.code}>
                  <th scope="row" className={`${TD} text-left font-medium`}>
                    {row.name}
                  </th>
                  <td className={`${TD} text-right tabular-nums`}>{row.total}</td>
                  <td className={`${TD} text-right tabular-nums`}>{row.correct}</td>
                  <td className={`${TD} text-right tabular-nums`}>{row.wrong}</td>
                  <td className={`${TD} text-right tabular-nums`}>{row.blank}</td>
                  <td className={`${TD} text-right font-semibold tabular-nums`}>{row.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card as="section" padding="none" aria-labelledby="gabarito">
        <h2 id="gabarito" className="px-5 pt-4 text-base font-semibold text-ink sm:px-6">
          Gabarito
        </h2>
        {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- as above */}
        <div className="mt-3 overflow-x-auto" tabIndex={0} aria-labelledby="gabarito">
          <table className="w-full border-collapse">
            <thead className="border-y border-line bg-surface-muted/60">
              <tr>
                <th scope="col" className={TH}>
                  Questão
                </th>
                <th scope="col" className={`${TH} hidden sm:table-cell`}>
                  Disciplina
                </th>
                <th scope="col" className={TH}>
                  Sua resposta
                </th>
                <th scope="col" className={TH}>
                  Gabarito
                </th>
                <th scope="col" className={TH}>
                  Resultado
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {simulado.questions.map((question) => {
                const outcome = OUTCOME[question.outcome ?? 'em_branco'];
                const Icon = outcome.icon;
                return (
                  <tr key={question.questionId}>
                    <th scope="row" className={`${TD} text-left font-medium`}>
                      <Link
                        to={questionViewerPath({ prova: question.examId, q: question.questionId })}
                        aria-label={`Ver a questão ${question.position}`}
                        className="inline-flex items-center gap-1 text-primary-ink hover:underline"
                      >
                        {question.position}
                        <ChevronRight className="size-3.5" aria-hidden="true" />
                      </Link>
                    </th>
                    <td className={`${TD} hidden sm:table-cell`}>{question.disciplineName}</td>
                    <td className={`${TD} font-semibold`}>{question.chosenLetter ?? '—'}</td>
                    <td className={`${TD} font-semibold`}>{question.gabarito ?? '—'}</td>
                    <td className={TD}>
                      <span
                        className={`inline-flex items-center gap-1.5 font-medium ${outcome.classes}`}
                      >
                        <Icon className="size-4" aria-hidden="true" />
                        {outcome.label}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}
