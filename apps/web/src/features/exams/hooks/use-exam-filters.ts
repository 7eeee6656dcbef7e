import { EXAM_FILTER_KEYS, type ExamFilterKey, PATHS } from '@gabarita/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { filtersDroppedByKind } from '@/domain/catalog/catalog-text';
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

/** The parameter of the exam list's address that holds the kind: the menu links to each kind. */
export const KIND_PARAM = 'tipo';

/** The exam list as the tab last showed it: of the kind last chosen there (kept for the session). */
export function lastExamListPath(): string {
  const tipo = readStored(STORAGE_KEYS.examFilters.tipo, 'sessionStorage');
  return tipo
    ? `${PATHS.home.path}?${new URLSearchParams({ [KIND_PARAM]: tipo }).toString()}`
    : PATHS.home.path;
}

/**
 * The exam-list filters. The kind is in the address ('/?tipo=enem', the menu's entry for the
 * ENEM), so the menu shows which list is open; the others are kept in sessionStorage, each under
 * its own key, for the tab's session.
 */
export function useExamFilters() {
  const [stored, setStored] = useState(readStoredFilters);
  const [searchParams, setSearchParams] = useSearchParams();
  const tipo = searchParams.get(KIND_PARAM) ?? '';
  const filters = useMemo(() => ({ ...stored, tipo }), [stored, tipo]);

  useEffect(() => storeFilters(filters), [filters]);

  const setTipo = useCallback(
    (value: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(KIND_PARAM, value);
          else next.delete(KIND_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const setFilter = useCallback(
    (key: ExamFilterKey, value: string) => {
      if (key === 'tipo') {
        setTipo(value);
        // Another kind than concurso has no cargo, órgão or nível: their filters go with it.
        const dropped = filtersDroppedByKind(value);
        if (dropped.length > 0) {
          setStored((current) =>
            dropped.some((name) => current[name])
              ? { ...current, ...Object.fromEntries(dropped.map((name) => [name, ''])) }
              : current,
          );
        }
        return;
      }
      setStored((current) => {
        if (current[key] === value) return current;
        const next = { ...current, [key]: value };
        // Changing the discipline drops the subject, which belonged to the previous one.
        if (key === 'disciplina') next.assunto = '';
        return next;
      });
    },
    [setTipo],
  );

  const clearFilters = useCallback(() => {
    setStored(EMPTY_EXAM_FILTERS);
    setTipo('');
  }, [setTipo]);

  const hasFilters = EXAM_FILTER_KEYS.some((key) => filters[key] !== '');
  return { filters, setFilter, clearFilters, hasFilters };
}
