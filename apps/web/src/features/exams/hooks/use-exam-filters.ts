import { EXAM_FILTER_KEYS, type ExamFilterKey } from '@gabarita/shared';
import { useCallback, useEffect, useState } from 'react';
import { readStored, writeStored } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** Every filter of the exam list; '' means 'Todas as opções'. */
export type ExamFilterValues = Record<ExamFilterKey, string>;

export const EMPTY_EXAM_FILTERS: ExamFilterValues = {
  tipo: '',
  cargo: '',
  orgao: '',
  nivel: '',
  instituicao: '',
  ano: '',
  disciplina: '',
  assunto: '',
};

function readStoredFilters(): ExamFilterValues {
  const values = { ...EMPTY_EXAM_FILTERS };
  for (const key of EXAM_FILTER_KEYS) {
    values[key] = readStored(STORAGE_KEYS.examFilters[key], 'sessionStorage') ?? '';
  }
  // A subject belongs to a discipline; the control for it is off without one.
  if (!values.disciplina) values.assunto = '';
  return values;
}

function storeFilters(values: ExamFilterValues) {
  for (const key of EXAM_FILTER_KEYS) {
    writeStored(STORAGE_KEYS.examFilters[key], values[key] || null, 'sessionStorage');
  }
}

/** The exam-list filters, each kept in sessionStorage under its own key for the tab's session. */
export function useExamFilters() {
  const [filters, setFilters] = useState(readStoredFilters);

  useEffect(() => storeFilters(filters), [filters]);

  const setFilter = useCallback((key: ExamFilterKey, value: string) => {
    setFilters((current) => {
      if (current[key] === value) return current;
      const next = { ...current, [key]: value };
      // Changing the discipline drops the subject, which belonged to the previous one.
      if (key === 'disciplina') next.assunto = '';
      return next;
    });
  }, []);

  const clearFilters = useCallback(() => setFilters(EMPTY_EXAM_FILTERS), []);

  const hasFilters = EXAM_FILTER_KEYS.some((key) => filters[key] !== '');
  return { filters, setFilter, clearFilters, hasFilters };
}
