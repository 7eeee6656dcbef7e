import {
  CATALOG_MESSAGES,
  EXAM_FILTER_KEYS,
  type ExamFilterKey,
  type ExamSearchResponse,
} from '@gabarita/shared';
import { FilterX } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import type { ExamFilterValues } from '../hooks/use-exam-filters';

export const EXAM_FILTER_LABELS: Record<ExamFilterKey, string> = {
  cargo: 'Cargo',
  orgao: 'Orgão',
  nivel: 'Nível',
  instituicao: 'Banca',
  ano: 'Ano',
  disciplina: 'Disciplina',
  assunto: 'Assunto',
};

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
  return (
    <Card as="section" padding="sm" aria-label="Filtros">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {EXAM_FILTER_KEYS.map((key) => {
          const needsDiscipline = key === 'assunto' && !filters.disciplina;
          return (
            <SearchableSelect
              key={key}
              label={EXAM_FILTER_LABELS[key]}
              options={facets?.[key] ?? []}
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
  );
}
