import {
  SIMULADO_DEFAULT_QUESTIONS,
  SIMULADO_MAX_QUESTIONS,
  SIMULADO_MESSAGES,
  SIMULADO_MINUTES_PER_QUESTION,
  type ExamFilterKey,
  type ExamFilters,
  type SimuladoScoring,
} from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { ChartColumn, ClipboardList, Play, Save, Scale, Split, Timer } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LABEL_CLASSES } from '@/components/ui/field-styles';
import { TextField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { PremiumInvitationCard } from '@/domain/plans/premium-invitation-card';
import { errorMessage } from '@/lib/api-client';
import { formatDuration } from '@/lib/formatters';
import { examDetailQueryOptions } from '@/domain/catalog/catalog-queries';
import { useSession } from '@/domain/session/session';
import {
  EXAM_FILTER_LABELS,
  examTitle,
  filterOptionsFor,
  filtersDroppedByKind,
  offeredExamFilters,
  optionName,
  questionCountLabel,
} from '@/domain/catalog/catalog-text';
import { ExamOptionChoice } from '@/domain/catalog/exam-option-choice';
import { simuladoPath } from '@/domain/study/study-links';
import { useCreateSimulado, useFilterOptions } from '../api/simulado-api';
import { SimuladoList } from '../components/simulado-list';
import { SCORING_LABELS } from '../simulado-text';

const CREATE_FAILED = 'Não foi possível iniciar o simulado. Tente novamente.';

function ScoringChoice({
  value,
  onChange,
}: {
  value: SimuladoScoring;
  onChange: (value: SimuladoScoring) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className={LABEL_CLASSES}>Correção</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(['padrao', 'cebraspe'] as const).map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line px-3 py-2.5 text-sm text-ink hover:bg-surface-muted has-[input:checked]:border-primary has-[input:checked]:bg-primary-soft"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="mt-1 size-4 shrink-0 accent-primary"
            />
            <span>
              <span className="block font-medium">{SCORING_LABELS[option]}</span>
              <span className="block text-xs text-ink-muted">
                {option === 'padrao'
                  ? 'Erros e questões em branco valem zero.'
                  : 'Só para provas de Certo ou Errado; em branco vale zero.'}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const SIMULADO_FEATURES = [
  { icon: Timer, text: `Tempo marcado: ${SIMULADO_MINUTES_PER_QUESTION} minutos por questão` },
  { icon: Save, text: 'Respostas salvas a cada escolha: recarregar a página não perde nada' },
  {
    icon: ChartColumn,
    text: 'Nota, tempo usado e desempenho por disciplina no fim, com o gabarito',
  },
  { icon: Scale, text: 'Regra Cebraspe opcional para provas de Certo ou Errado' },
] as const;

/** Premium-only: what a simulado is, and the way to the plans. */
function SimuladoInvitation() {
  return (
    <PremiumInvitationCard
      id="convite-simulado"
      title="Treine como no dia da prova"
      message={SIMULADO_MESSAGES.premiumOnly}
      features={SIMULADO_FEATURES}
    />
  );
}

function useStart() {
  const navigate = useNavigate();
  const create = useCreateSimulado();
  const start = (body: Parameters<typeof create.mutate>[0]) =>
    create.mutate(body, {
      onSuccess: (simulado) => void navigate(simuladoPath(simulado.id)),
    });
  return { start, create };
}

/** A simulado of one exam, started from its dashboard. */
function ExamStart({ examId }: { examId: string }) {
  const detail = useQuery(examDetailQueryOptions(examId));
  if (detail.isPending) return null;
  if (detail.isError)
    return <Notice tone="error">{errorMessage(detail.error, CREATE_FAILED)}</Notice>;
  const { exam } = detail.data;
  // An exam with option blocks is taken in the user's block: chosen here first if not yet.
  const needsChoice = exam.options.length > 0 && exam.chosenOption === null;
  const chosenName = optionName(exam.options, exam.chosenOption);
  const questions = detail.data.questions.filter(
    (question) => question.optionKey === null || question.optionKey === exam.chosenOption,
  );
  const count = questions.filter((question) => question.status !== 'annulled').length;
  return (
    <Card as="section" aria-labelledby="simulado-prova">
      <h2 id="simulado-prova" className="flex items-center gap-2 text-base font-semibold text-ink">
        <Timer className="size-5 text-primary-ink" aria-hidden="true" />
        Simulado da prova
      </h2>
      <p className="mt-1 text-sm font-medium break-words text-ink">{examTitle(exam)}</p>
      {needsChoice ? (
        <div className="mt-5">
          <ExamOptionChoice
            examId={exam.id}
            options={exam.options}
            current={null}
            headingLevel={3}
          />
        </div>
      ) : (
        <>
          {chosenName && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-ink">
              <Split className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
              <span>
                <span className="font-medium">Sua opção:</span> {chosenName}
              </span>
            </p>
          )}
          <ExamStartForm examId={examId} count={count} />
        </>
      )}
    </Card>
  );
}

/** The scoring rule and 'Iniciar simulado' of an exam's simulado. */
function ExamStartForm({ examId, count }: { examId: string; count: number }) {
  const [scoring, setScoring] = useState<SimuladoScoring>('padrao');
  const { start, create } = useStart();
  return (
    <>
      <p className="mt-1 text-sm text-ink-muted">
        {questionCountLabel(count)} · tempo:{' '}
        {formatDuration(count * SIMULADO_MINUTES_PER_QUESTION * 60)}
      </p>
      <div className="mt-5">
        <ScoringChoice value={scoring} onChange={setScoring} />
      </div>
      {create.isError && (
        <Notice tone="error" className="mt-4">
          {errorMessage(create.error, CREATE_FAILED)}
        </Notice>
      )}
      <Button
        className="mt-5"
        icon={Play}
        busy={create.isPending}
        onClick={() => start({ examId, scoring })}
      >
        Iniciar simulado
      </Button>
    </>
  );
}

/** 'Montar simulado': N questions from the catalogue by the exam-list filters. */
function BuildForm() {
  const [filters, setFilters] = useState<ExamFilters>({});
  const [count, setCount] = useState(String(SIMULADO_DEFAULT_QUESTIONS));
  const [scoring, setScoring] = useState<SimuladoScoring>('padrao');
  const options = useFilterOptions(filters);
  const { start, create } = useStart();
  const number = Number(count);
  const validCount = Number.isInteger(number) && number >= 1 && number <= SIMULADO_MAX_QUESTIONS;

  const setFilter = (key: ExamFilterKey, value: string) =>
    setFilters((current) => {
      const next = { ...current, [key]: value || undefined };
      if (key === 'disciplina') delete next.assunto;
      if (key === 'tipo') for (const dropped of filtersDroppedByKind(value)) delete next[dropped];
      return next;
    });

  return (
    <Card as="section" aria-labelledby="montar-simulado">
      <h2 id="montar-simulado" className="flex items-center gap-2 text-base font-semibold text-ink">
        <ClipboardList className="size-5 text-primary-ink" aria-hidden="true" />
        Montar simulado
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Escolha os filtros e quantas questões: sorteamos questões do catálogo que atendem a todos
        eles.
      </p>
      <form
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (validCount) start({ filters, count: number, scoring });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {offeredExamFilters(filters.tipo ?? '', options.data?.facets.tipo).map((key) => {
            const needsDiscipline = key === 'assunto' && !filters.disciplina;
            return (
              <SearchableSelect
                key={key}
                label={EXAM_FILTER_LABELS[key]}
                options={filterOptionsFor(key, options.data?.facets[key])}
                value={filters[key] ?? ''}
                onChange={(value) => setFilter(key, value)}
                disabled={needsDiscipline}
                placeholder={needsDiscipline ? 'Escolha uma disciplina' : undefined}
              />
            );
          })}
          <TextField
            label="Número de questões"
            type="number"
            inputMode="numeric"
            min={1}
            max={SIMULADO_MAX_QUESTIONS}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            invalid={!validCount}
          />
        </div>
        {!validCount && (
          <Notice tone="error">Escolha de 1 a {SIMULADO_MAX_QUESTIONS} questões.</Notice>
        )}
        <ScoringChoice value={scoring} onChange={setScoring} />
        {create.isError && (
          <Notice tone="error">{errorMessage(create.error, CREATE_FAILED)}</Notice>
        )}
        <Button type="submit" icon={Play} busy={create.isPending} disabled={!validCount}>
          Iniciar simulado
        </Button>
      </form>
    </Card>
  );
}

export default function SimuladosPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const examId = searchParams.get('prova') ?? '';
  const premium = session.data?.user?.accountType === 'premium';

  return (
    <Page
      title="Simulados"
      description={`Resolva questões com tempo marcado (${SIMULADO_MINUTES_PER_QUESTION} minutos por questão) e veja o gabarito só no fim.`}
    >
      <div className="space-y-6">
        {premium ? (
          <>
            {examId && <ExamStart examId={examId} />}
            <BuildForm />
          </>
        ) : (
          <SimuladoInvitation />
        )}
        <SimuladoList />
      </div>
    </Page>
  );
}
