import { CATALOG_MESSAGES, STUDY_PARAMS } from '@gabarita/shared';
import { BookOpen, SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { StatePanel } from '@/components/ui/state-panel';
import { useTutorInfo } from '@/domain/app-info';
import { errorMessage } from '@/lib/api-client';
import { HIDE_OUTDATED, questionViewerPath } from '@/domain/study/study-links';
import { useDisciplineQuestions, useDisciplines } from '../api/disciplines-api';
import { DisciplineQuestionCard } from '../components/discipline-question-card';
import { StudyText } from '../components/study-text';

/** ?estudo=1: the study text of the chosen subject is asked for at once ('Estudar com IA'). */
const STUDY_PARAM = 'estudo';
const QUESTIONS_LOAD_FAILED = 'Não foi possível carregar as questões. Tente novamente.';
const DISCIPLINES_LOAD_FAILED = 'Não foi possível carregar as disciplinas. Tente novamente.';

function LoadingQuestions() {
  return (
    <div role="status">
      <span className="sr-only">Carregando questões...</span>
      <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <li
            key={index}
            className="h-24 animate-pulse rounded-xl border border-line bg-surface p-4 motion-reduce:animate-none"
          >
            <div className="h-3 w-2/3 rounded bg-surface-muted" />
            <div className="mt-3 h-4 w-1/4 rounded bg-surface-muted" />
            <div className="mt-2 h-3 w-1/2 rounded bg-surface-muted" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function QuestionResults({
  disciplina,
  assunto,
  hideOutdated,
}: {
  disciplina: string;
  assunto: string;
  hideOutdated: boolean;
}) {
  const questions = useDisciplineQuestions(disciplina, assunto, hideOutdated);

  if (questions.isPending) return <LoadingQuestions />;
  if (questions.isError && !questions.isFetchNextPageError) {
    return (
      <QueryError
        message={errorMessage(questions.error, QUESTIONS_LOAD_FAILED)}
        onRetry={() => void questions.refetch()}
        retrying={questions.isFetching}
      />
    );
  }

  const total = questions.data.pages[0]?.total ?? 0;
  const items = questions.data.pages.flatMap((page) => page.items);
  return (
    <>
      <p role="status" className="mb-4 text-sm font-medium text-ink">
        {CATALOG_MESSAGES.questionsFound(total)}
      </p>
      {items.length === 0 ? (
        <StatePanel icon={SearchX}>Nenhuma questão encontrada para esta escolha.</StatePanel>
      ) : (
        <ul aria-label="Questões" className="grid gap-3 sm:grid-cols-2">
          {items.map((question) => (
            <li key={question.id}>
              <DisciplineQuestionCard
                question={question}
                href={questionViewerPath({ disciplina, assunto, hideOutdated, q: question.id })}
              />
            </li>
          ))}
        </ul>
      )}
      {questions.isFetchNextPageError && (
        <Notice tone="error" className="mt-6">
          {errorMessage(questions.error, QUESTIONS_LOAD_FAILED)}
        </Notice>
      )}
      <LoadMore
        hasNextPage={questions.hasNextPage}
        isFetchingNextPage={questions.isFetchingNextPage}
        onLoadMore={() => void questions.fetchNextPage()}
        paused={questions.isFetchNextPageError}
      />
    </>
  );
}

export default function DisciplinesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tutor = useTutorInfo();
  const disciplina = searchParams.get(STUDY_PARAMS.discipline) ?? '';
  const assunto = searchParams.get(STUDY_PARAMS.subject) ?? '';
  const hideOutdated = searchParams.get(STUDY_PARAMS.outdated) === HIDE_OUTDATED;
  const disciplines = useDisciplines();

  const list = disciplines.data?.disciplines ?? [];
  const chosen = list.find((discipline) => discipline.code === disciplina);

  const studyNow = searchParams.get(STUDY_PARAM) === '1';

  /** The choice lives in the address, so a reload or a shared link keeps it. */
  const choose = (
    nextDisciplina: string,
    nextAssunto: string,
    { study = false, hide = hideOutdated }: { study?: boolean; hide?: boolean } = {},
  ) => {
    const next = new URLSearchParams();
    if (nextDisciplina) next.set(STUDY_PARAMS.discipline, nextDisciplina);
    if (nextAssunto) next.set(STUDY_PARAMS.subject, nextAssunto);
    if (hide) next.set(STUDY_PARAMS.outdated, HIDE_OUTDATED);
    if (study) next.set(STUDY_PARAM, '1');
    setSearchParams(next, { replace: true });
  };

  return (
    <Page
      title="Disciplinas isoladas"
      description="Estude uma disciplina de cada vez, com questões de todas as provas."
    >
      <Card as="section" padding="sm" aria-label="Escolha da disciplina">
        <div className="grid gap-4 sm:grid-cols-2">
          <SearchableSelect
            label="Disciplina"
            options={list.map((discipline) => ({
              value: discipline.code,
              label: discipline.name,
              count: discipline.questionCount,
            }))}
            allOptionLabel={null}
            value={disciplina}
            onChange={(value) => choose(value, '')}
            disabled={disciplines.isPending}
            placeholder={disciplines.isPending ? 'Carregando...' : undefined}
          />
          <SearchableSelect
            label="Assunto"
            options={(chosen?.subjects ?? []).map((subject) => ({
              value: subject.name,
              label: subject.name,
              count: subject.questionCount,
            }))}
            value={assunto}
            onChange={(value) => choose(disciplina, value)}
            disabled={!disciplina}
            placeholder={!disciplina ? 'Escolha uma disciplina' : undefined}
          />
        </div>
        <CheckboxField
          className="mt-4"
          checked={hideOutdated}
          onChange={(hide) => choose(disciplina, assunto, { hide })}
        >
          {CATALOG_MESSAGES.hideOutdated}
        </CheckboxField>
        {disciplines.isError && (
          <Notice tone="error" className="mt-4">
            <span>{errorMessage(disciplines.error, DISCIPLINES_LOAD_FAILED)}</span>{' '}
            <button
              type="button"
              className="font-semibold underline underline-offset-2"
              onClick={() => void disciplines.refetch()}
            >
              Tentar novamente
            </button>
          </Notice>
        )}
      </Card>

      {disciplina && chosen && (
        <div className="mt-6">
          <StudyText
            key={`${disciplina}:${assunto}`}
            disciplina={disciplina}
            assunto={assunto}
            subjects={chosen.subjects}
            autoStart={studyNow}
            onStudy={(subject) => choose(disciplina, subject, { study: true })}
          />
        </div>
      )}

      <div className="mt-8">
        {disciplina ? (
          <QuestionResults disciplina={disciplina} assunto={assunto} hideOutdated={hideOutdated} />
        ) : (
          <StatePanel icon={BookOpen}>
            {tutor?.languageModel === false
              ? CATALOG_MESSAGES.chooseDisciplineOffline
              : CATALOG_MESSAGES.chooseDiscipline}
          </StatePanel>
        )}
      </div>
    </Page>
  );
}
