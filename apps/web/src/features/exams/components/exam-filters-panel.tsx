import {
  CATALOG_MESSAGES,
  EXAM_FILTER_KEYS,
  type ExamFilterKey,
  type ExamSearchResponse,
  plural,
} from '@gabarita/shared';
import { ChevronDown, FilterX, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { SearchableSelect } from '@/components/ui/searchable-select';
import {
  EXAM_FILTER_LABELS,
  filterOptionsFor,
  offeredExamFilters,
} from '@/domain/catalog/catalog-text';
import type { ExamFilterValues } from '../hooks/use-exam-filters';

interface ExamFiltersPanelProps {
  filters: ExamFilterValues;
  facets: ExamSearchResponse['facets'] | undefined;
  onChange: (key: ExamFilterKey, value: string) => void;
  onClear: () => void;
  hasFilters: boolean;
}

export function ExamFiltersPanel({
  filters,
  facets,
  onChange,
  onClear,
  hasFilters,
}: ExamFiltersPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const activeCount = EXAM_FILTER_KEYS.filter((key) => filters[key]).length;
  return (
    <>
      {/* On phones the eight filters would fill the first screen: they fold behind one button. */}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm font-semibold text-ink shadow-sm hover:bg-surface-muted md:hidden"
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal className="size-4 text-ink-muted" aria-hidden="true" />
          Filtros
          {activeCount > 0 && ' '}
          {activeCount > 0 && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">
              {activeCount}
              <span className="sr-only"> {plural(activeCount, 'ativo', 'ativos')}</span>
            </span>
          )}
        </span>
        <ChevronDown
          className={`size-4 text-ink-muted transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      <Card
        as="section"
        padding="sm"
        aria-label="Filtros"
        id={panelId}
        className={open ? 'mt-3 md:mt-0' : 'hidden md:block'}
      >
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {offeredExamFilters(filters.tipo, facets?.tipo).map((key) => {
            const needsDiscipline = key === 'assunto' && !filters.disciplina;
            return (
              <SearchableSelect
                key={key}
                label={EXAM_FILTER_LABELS[key]}
                options={filterOptionsFor(key, facets?.[key])}
                value={filters[key]}
                onChange={(value) => onChange(key, value)}
                disabled={needsDiscipline}
                placeholder={needsDiscipline ? 'Escolha uma disciplina' : undefined}
              />
            );
          })}
          <div className="flex items-end">
            <Button
              variant="secondary"
              className="w-full"
              icon={FilterX}
              onClick={onClear}
              disabled={!hasFilters}
            >
              {CATALOG_MESSAGES.clearFilters}
            </Button>
          </div>
        </div>
      </Card>
    </>
  );
}
