import { useQuery } from '@tanstack/react-query';
import {
  ERROR_REPORT_TYPES,
  ID_MAX_LENGTH,
  REPORT_QUEUE_FILTERS,
  type ErrorReportType,
  type ReportStatus,
} from '@gabarita/shared';
import { FilterX, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LABEL_CLASSES } from '@/components/ui/field-styles';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { TextFilter } from '@/components/ui/text-filter';
import { disciplinesQueryOptions } from '@/domain/catalog/catalog-queries';
import { formatInteger } from '@/lib/formatters';
import {
  EMPTY_QUEUE_FILTERS,
  hasQueueFilters,
  STATUS_FILTER_LABELS,
  STATUSES_OF_FILTER,
  type QueueFilters,
  type QueueStatusFilter,
} from '../queue-filters';

const TYPE_OPTIONS = ERROR_REPORT_TYPES.map((type) => ({ value: type, label: type }));

/** 'Abertos (3)'; 'Todos' and a list still loading show no count. */
export function statusFilterLabel(
  filter: QueueStatusFilter,
  counts: Record<ReportStatus, number> | null,
): string {
  const statuses = STATUSES_OF_FILTER[filter];
  if (!counts || statuses.length === 0) return STATUS_FILTER_LABELS[filter];
  const total = statuses.reduce((sum, status) => sum + counts[status], 0);
  return `${STATUS_FILTER_LABELS[filter]} (${formatInteger(total)})`;
}

function StatusFilter({
  value,
  counts,
  onChange,
}: {
  value: QueueStatusFilter;
  counts: Record<ReportStatus, number> | null;
  onChange: (value: QueueStatusFilter) => void;
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className={LABEL_CLASSES}>Situação</legend>
      <div className="flex flex-wrap gap-2">
        {REPORT_QUEUE_FILTERS.map((filter) => (
          <label
            key={filter}
            className="inline-flex cursor-pointer items-center rounded-full border border-line bg-surface px-3 py-1.5 text-sm font-medium tabular-nums text-ink-muted transition-colors hover:bg-surface-muted hover:text-ink has-[input:checked]:border-primary has-[input:checked]:bg-primary-soft has-[input:checked]:text-primary-ink has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring motion-reduce:transition-none"
          >
            <input
              type="radio"
              name={name}
              value={filter}
              checked={value === filter}
              onChange={() => onChange(filter)}
              className="sr-only"
            />
            {statusFilterLabel(filter, counts)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface QueueFiltersPanelProps {
  filters: QueueFilters;
  /** The status counts of the list on screen (with the other filters), or null while loading. */
  counts: Record<ReportStatus, number> | null;
  onChange: (filters: QueueFilters) => void;
  /** Phones: the filters other than the status fold away behind a button. */
  narrow: boolean;
}

export function QueueFiltersPanel({ filters, counts, onChange, narrow }: QueueFiltersPanelProps) {
  const disciplines = useQuery(disciplinesQueryOptions);
  const [shown, setShown] = useState(false);
  const panelId = useId();
  const update = (changes: Partial<QueueFilters>) => onChange({ ...filters, ...changes });
  const moreActive = [filters.tipo, filters.disciplina, filters.prova].filter(Boolean).length;
  const open = !narrow || shown;

  const clear = (
    <Button
      variant="secondary"
      icon={FilterX}
      onClick={() => onChange(EMPTY_QUEUE_FILTERS)}
      disabled={!hasQueueFilters(filters)}
      className={narrow ? 'mt-4 w-full' : 'shrink-0'}
    >
      Limpar filtros
    </Button>
  );

  return (
    <Card as="section" padding="sm" aria-label="Filtros">
      <div className="flex items-end justify-between gap-4">
        <StatusFilter
          value={filters.situacao}
          counts={counts}
          onChange={(situacao) => update({ situacao })}
        />
        {!narrow && clear}
      </div>
      {narrow && (
        <Button
          variant="secondary"
          icon={SlidersHorizontal}
          className="mt-4 w-full"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setShown(!open)}
        >
          {open ? 'Esconder filtros' : 'Mais filtros'}
          {moreActive > 0 && ` (${moreActive})`}
        </Button>
      )}
      <div id={panelId} hidden={!open} className="mt-4">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <SearchableSelect
            label="Tipo"
            options={TYPE_OPTIONS}
            value={filters.tipo}
            onChange={(tipo) => update({ tipo: tipo as ErrorReportType | '' })}
          />
          <SearchableSelect
            label="Disciplina"
            options={(disciplines.data?.disciplines ?? []).map((discipline) => ({
              value: discipline.code,
              label: discipline.name,
            }))}
            value={filters.disciplina}
            onChange={(disciplina) => update({ disciplina })}
          />
          <TextFilter
            label="Prova"
            value={filters.prova}
            onChange={(prova) => update({ prova })}
            description="O código da prova, como no endereço do visualizador (prova=…)."
            maxLength={ID_MAX_LENGTH}
            className="min-w-0"
          />
        </div>
        {narrow && clear}
      </div>
    </Card>
  );
}
