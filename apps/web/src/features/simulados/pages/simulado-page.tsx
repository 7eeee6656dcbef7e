import { countLabel, plural, type Simulado, PATHS } from '@gabarita/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, CloudOff, Flag, LoaderCircle, Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageTitle } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { useQuestion } from '@/domain/questions/question-queries';
import { useFinishSimulado, useSimulado } from '../api/simulado-api';
import { AlternativesGroup } from '@/domain/questions/alternatives-group';
import { QuestionReferenceTexts, QuestionStatement } from '@/domain/questions/question-statement';
import { SimuladoResult } from '../components/simulado-result';
import { clockLabel, SCORING_SHORT } from '../simulado-text';
import { useLetterKeys } from '@/domain/questions/use-letter-keys';
import { useSimuladoAnswers, type SaveState } from '../hooks/use-simulado-answers';

const LOAD_FAILED = 'Não foi possível carregar o simulado. Tente novamente.';
const FINISH_FAILED = 'Não foi possível finalizar o simulado. Tente novamente.';

/** Seconds left by the server's clock (the device's may be wrong). */
function useSecondsLeft(simulado: Simulado) {
  const [offset] = useState(() => Date.parse(simulado.serverNow) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, (Date.parse(simulado.deadline) - (now + offset)) / 1000);
}

function SaveStatus({ state }: { state: SaveState }) {
  const look = {
    salvo: { icon: Check, text: 'Respostas salvas', classes: 'text-ink-muted' },
    salvando: { icon: LoaderCircle, text: 'Salvando...', classes: 'text-ink-muted' },
    offline: {
      icon: CloudOff,
      text: 'Sem conexão: suas respostas ficam guardadas e serão enviadas quando ela voltar.',
      classes: 'text-accent-ink font-medium',
    },
  }[state];
  const Icon = look.icon;
  return (
    <p role="status" className={`flex items-center gap-1.5 text-xs ${look.classes}`}>
      <Icon
        className={`size-3.5 shrink-0 ${state === 'salvando' ? 'animate-spin motion-reduce:animate-none' : ''}`}
        aria-hidden="true"
      />
      {look.text}
    </p>
  );
}

function CurrentQuestion({
  questionId,
  chosen,
  onChoose,
  onNext,
}: {
  questionId: string;
  chosen: string | null;
  onChoose: (letter: string | null) => void;
  onNext: () => void;
}) {
  const question = useQuestion(questionId);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  // The same letter keys as the question viewer.
  useLetterKeys(question.data?.alternatives.map((item) => item.letter) ?? [], true, (letter) => {
    onChoose(letter);
    groupRef.current?.querySelector<HTMLInputElement>(`input[value="${letter}"]`)?.focus();
  });
  if (question.isPending) {
    return (
      <Card>
        <div role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="size-4" /> Carregando questão...
        </div>
      </Card>
    );
  }
  if (question.isError) {
    return (
      <QueryError
        message={errorMessage(question.error, LOAD_FAILED)}
        onRetry={() => void question.refetch()}
        retrying={question.isFetching}
      />
    );
  }
  const data = question.data;
  return (
    <>
      <QuestionReferenceTexts question={data} />
      <Card>
        <QuestionStatement question={data} />
        <div className="mt-6 border-t border-line pt-5">
          <AlternativesGroup
            groupRef={groupRef}
            name={`simulado-${data.id}`}
            alternatives={data.alternatives}
            selected={chosen}
            onSelect={(letter) => onChoose(letter)}
            onSubmit={onNext}
            answer={null}
            figures={data.figures}
          />
        </div>
        {chosen && (
          <Button variant="ghost" size="sm" className="mt-3" onClick={() => onChoose(null)}>
            Deixar em branco
          </Button>
        )}
      </Card>
    </>
  );
}

function Runner({ simulado }: { simulado: Simulado }) {
  const queryClient = useQueryClient();
  const { answers, choose, flush, state } = useSimuladoAnswers(simulado);
  const finish = useFinishSimulado(simulado.id);
  // The question on screen lives in the address (?q=, from 1): a reload comes back to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const total = simulado.questions.length;
  const index = Math.min(total - 1, Math.max(0, Number(searchParams.get('q') ?? 1) - 1 || 0));
  const setIndex = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('q', String(next + 1));
    setSearchParams(params, { replace: true });
  };
  const [confirming, setConfirming] = useState(false);
  const secondsLeft = useSecondsLeft(simulado);
  const finishRef = useRef<HTMLButtonElement>(null);
  const current = simulado.questions[index]!;
  const answered = simulado.questions.filter((question) => answers[question.questionId]).length;
  const expired = secondsLeft <= 0;

  // Time is up: what was saved is sent, and the server finishes the simulado.
  useEffect(() => {
    if (!expired) return;
    void flush().then(() =>
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.simulado(simulado.id) }),
    );
  }, [expired, flush, queryClient, simulado.id]);

  const go = (next: number) => setIndex(Math.min(total - 1, Math.max(0, next)));

  return (
    <div className="space-y-5">
      <div className="sticky top-16 z-10 -mx-1 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line bg-surface/95 px-4 py-3 shadow-sm backdrop-blur">
        <div
          role="timer"
          aria-label="Tempo restante"
          className={`flex items-center gap-2 text-lg font-semibold tabular-nums ${secondsLeft < 60 ? 'text-red-700 dark:text-red-400' : 'text-ink'}`}
        >
          <Timer className="size-5" aria-hidden="true" />
          {clockLabel(secondsLeft)}
        </div>
        <p className="text-sm text-ink-muted">
          {answered} de {total} respondidas
        </p>
        <div className="ml-auto">
          <Button
            ref={finishRef}
            size="sm"
            icon={Flag}
            onClick={() => setConfirming(true)}
            disabled={expired}
            aria-label="Finalizar simulado"
          >
            <span className="sm:hidden">Finalizar</span>
            <span className="hidden sm:inline">Finalizar simulado</span>
          </Button>
        </div>
        <div className="w-full">
          <SaveStatus state={state} />
        </div>
      </div>

      <nav aria-label="Questões do simulado">
        <ol className="flex flex-wrap gap-1.5">
          {simulado.questions.map((question, position) => {
            const isCurrent = position === index;
            const done = Boolean(answers[question.questionId]);
            return (
              <li key={question.questionId}>
                <button
                  type="button"
                  onClick={() => setIndex(position)}
                  aria-current={isCurrent ? 'step' : undefined}
                  aria-label={`Questão ${position + 1}${done ? ', respondida' : ''}`}
                  className={`flex size-9 items-center justify-center rounded-lg border text-sm font-semibold tabular-nums transition-colors ${
                    isCurrent
                      ? 'border-primary bg-primary text-on-primary'
                      : done
                        ? 'border-primary/40 bg-primary-soft text-primary-ink'
                        : 'border-line bg-surface text-ink-muted hover:bg-surface-muted'
                  }`}
                >
                  {position + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <p className="text-sm font-medium text-ink">
        Questão {index + 1} de {total}
        <span className="text-ink-muted"> · {current.disciplineName}</span>
      </p>

      <CurrentQuestion
        key={current.questionId}
        questionId={current.questionId}
        chosen={answers[current.questionId] ?? null}
        onChoose={(letter) => choose(current.questionId, letter)}
        onNext={() => go(index + 1)}
      />

      <div className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          icon={ArrowLeft}
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          Anterior
        </Button>
        {index < total - 1 ? (
          <Button variant="secondary" onClick={() => go(index + 1)}>
            Próxima
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        ) : (
          <Button icon={Flag} onClick={() => setConfirming(true)} disabled={expired}>
            Finalizar simulado
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        title="Finalizar simulado?"
        description={`Você respondeu ${answered} de ${countLabel(total, 'questão', 'questões')}${
          answered < total
            ? `; ${total - answered} ${plural(total - answered, 'fica', 'ficam')} em branco`
            : ''
        }. Depois de finalizar, as respostas não podem mais ser mudadas e o gabarito é mostrado.`}
        confirmLabel="Finalizar"
        busyLabel="Finalizando..."
        busy={finish.isPending}
        error={finish.isError ? errorMessage(finish.error, FINISH_FAILED) : null}
        onConfirm={() => void flush().then(() => finish.mutate())}
        onCancel={() => setConfirming(false)}
        finalFocusRef={finishRef}
      />
    </div>
  );
}

export default function SimuladoPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const simulado = useSimulado(id);

  const back = (
    <Link
      to={PATHS.simulados.path}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-ink hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Simulados
    </Link>
  );

  if (simulado.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-5" /> Carregando simulado...
      </div>
    );
  }
  if (simulado.isError) {
    return (
      <section aria-labelledby="page-title" className="space-y-6">
        {back}
        <PageTitle>Simulado</PageTitle>
        <QueryError
          message={errorMessage(simulado.error, LOAD_FAILED)}
          onRetry={() => void simulado.refetch()}
          retrying={simulado.isFetching}
        />
      </section>
    );
  }
  const data = simulado.data;
  const finished = data.status === 'finalizado';
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      {back}
      <header>
        <p className="text-xs font-medium uppercase tracking-wide text-ink-muted">
          {finished ? 'Simulado finalizado' : 'Simulado em andamento'} ·{' '}
          {SCORING_SHORT[data.scoring]}
        </p>
        <div className="mt-1">
          <PageTitle>{data.title}</PageTitle>
        </div>
      </header>
      {finished ? <SimuladoResult simulado={data} /> : <Runner key={data.id} simulado={data} />}
    </section>
  );
}
