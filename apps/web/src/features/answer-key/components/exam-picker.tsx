import { countLabel } from '@gabarita/shared';
import { FilterX, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { OpenByCodeForm } from '@/components/ui/open-by-code-form';
import { cardClasses } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { StatePanel } from '@/components/ui/state-panel';
import { errorMessage } from '@/lib/api-client';
import { examShortTitle } from '@/domain/catalog/catalog-text';
import { EMPTY_PICKER_FILTERS, useExamPicker, type ExamPickerFilters } from '../api/answer-key-api';

const EXAMS_LOAD_FAILED = 'Não foi possível carregar as provas. Tente novamente.';

const FILTERS: [keyof ExamPickerFilters, string][] = [
  ['instituicao', 'Banca'],
  ['ano', 'Ano'],
  ['orgao', 'Órgão'],
  ['cargo', 'Cargo'],
];

/** The address of the page with this exam chosen (the page keeps it in ?prova=). */
const examSearch = (examId: string) => `?${new URLSearchParams({ prova: examId })}`;

/** Chooses the exam of a definitive key: from the catalogue, filtered, or by its id. */
export function ExamPicker({ onOpen }: { onOpen: (examId: string) => void }) {
  const [filters, setFilters] = useState(EMPTY_PICKER_FILTERS);
  const exams = useExamPicker(filters);
  const pages = exams.data?.pages ?? [];
  const facets = pages[0]?.facets;
  const items = pages.flatMap((page) => page.items);
  const filtered = Object.values(filters).some(Boolean);

  let list;
  if (exams.isPending) {
    list = (
      <div role="status" className={cardClasses({ className: 'h-32 animate-pulse' })}>
        <span className="sr-only">Carregando provas...</span>
      </div>
    );
  } else if (exams.isError && !exams.isFetchNextPageError) {
    list = (
      <QueryError
        message={errorMessage(exams.error, EXAMS_LOAD_FAILED)}
        onRetry={() => void exams.refetch()}
        retrying={exams.isFetching}
      />
    );
  } else if (items.length === 0) {
    list = <StatePanel icon={SearchX}>Nenhuma prova com esses filtros.</StatePanel>;
  } else {
    list = (
      <div className={`transition-opacity ${exams.isPlaceholderData ? 'opacity-60' : ''}`}>
        <p className="mb-2 text-sm font-medium text-ink">
          {countLabel(pages[0]?.total ?? items.length, 'prova', 'provas')}
        </p>
        <ul aria-label="Provas" className="divide-y divide-line rounded-xl border border-line">
          {items.map((exam) => (
            <li key={exam.id}>
              <Link
                to={{ search: examSearch(exam.id) }}
                className="block px-4 py-3 transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none"
              >
                <span className="block text-sm font-semibold text-ink">{examShortTitle(exam)}</span>
                <span className="mt-0.5 block text-xs text-ink-muted">
                  {exam.orgao && `${exam.orgao} · `}
                  {countLabel(exam.questionCount, 'questão', 'questões')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {exams.isFetchNextPageError && (
          <Notice tone="error" className="mt-4">
            {EXAMS_LOAD_FAILED}
          </Notice>
        )}
        <LoadMore
          hasNextPage={exams.hasNextPage}
          isFetchingNextPage={exams.isFetchingNextPage}
          onLoadMore={() => void exams.fetchNextPage()}
          paused={exams.isFetchNextPageError || exams.isPlaceholderData}
        />
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <OpenByCodeForm
        label="Código da prova"
        description='Por exemplo "cmvv_2017_matematica_prova".'
        emptyMessage="Digite o código da prova."
        onOpen={onOpen}
      />
      <div className="border-t border-line pt-5">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {FILTERS.map(([key, label]) => (
            <SearchableSelect
              key={key}
              label={label}
              options={facets?.[key] ?? []}
              value={filters[key]}
              onChange={(value) => setFilters((current) => ({ ...current, [key]: value }))}
            />
          ))}
        </div>
        <div className="mt-4 sm:flex sm:justify-end">
          <Button
            variant="secondary"
            icon={FilterX}
            onClick={() => setFilters(EMPTY_PICKER_FILTERS)}
            disabled={!filtered}
            className="w-full sm:w-auto"
          >
            Limpar filtros
          </Button>
        </div>
      </div>
      {list}
    </div>
  );
}
