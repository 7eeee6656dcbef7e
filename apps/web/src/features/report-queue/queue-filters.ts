/*
 * The queue's state lives in the address, so a reload or a shared link shows the same list and the
 * same report:
 *   /admin/reportes?situacao=<filter>&tipo=<type>&prova=<examId>&disciplina=<code>&reporte=<id>
 * The default status filter (abertos) and empty filters are left out.
 */

import {
  ERROR_REPORT_TYPES,
  REPORT_QUEUE_FILTERS,
  type ErrorReportType,
  type ReportStatus,
} from '@gabarita/shared';

export type QueueStatusFilter = (typeof REPORT_QUEUE_FILTERS)[number];

export interface QueueFilters {
  situacao: QueueStatusFilter;
  tipo: ErrorReportType | '';
  prova: string;
  disciplina: string;
}

export const DEFAULT_STATUS_FILTER: QueueStatusFilter = 'abertos';

export const EMPTY_QUEUE_FILTERS: QueueFilters = {
  situacao: DEFAULT_STATUS_FILTER,
  tipo: '',
  prova: '',
  disciplina: '',
};

/** The address parameter of the report being read. */
export const SELECTED_REPORT_PARAM = 'reporte';

/** The status filter as the selector words it, before its count. */
export const STATUS_FILTER_LABELS: Record<QueueStatusFilter, string> = {
  abertos: 'Abertos',
  new: 'Novos',
  reviewing: 'Em análise',
  fixed: 'Corrigidos',
  rejected: 'Recusados',
  todos: 'Todos',
};

/** The statuses a filter counts (none for 'Todos', which shows no count). */
export const STATUSES_OF_FILTER: Record<QueueStatusFilter, readonly ReportStatus[]> = {
  abertos: ['new', 'reviewing'],
  new: ['new'],
  reviewing: ['reviewing'],
  fixed: ['fixed'],
  rejected: ['rejected'],
  todos: [],
};

/** What an empty list says, by status filter. */
export const EMPTY_QUEUE_TEXT: Record<QueueStatusFilter, string> = {
  abertos: 'Nenhum reporte aberto. Tudo em dia!',
  new: 'Nenhum reporte novo.',
  reviewing: 'Nenhum reporte em análise.',
  fixed: 'Nenhum reporte corrigido.',
  rejected: 'Nenhum reporte recusado.',
  todos: 'Nenhum reporte recebido.',
};

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The filters in the address; unknown values count as not set. */
export function readQueueFilters(params: URLSearchParams): QueueFilters {
  const situacao = params.get('situacao');
  const tipo = params.get('tipo');
  return {
    situacao: isOneOf(REPORT_QUEUE_FILTERS, situacao) ? situacao : DEFAULT_STATUS_FILTER,
    tipo: isOneOf(ERROR_REPORT_TYPES, tipo) ? tipo : '',
    prova: params.get('prova')?.trim() ?? '',
    disciplina: params.get('disciplina')?.trim() ?? '',
  };
}

/** Only the filters that differ from the defaults, in a stable order (API query and cache key). */
export function activeQueueFilters(filters: QueueFilters): Record<string, string> {
  const active: Record<string, string> = {};
  if (filters.situacao !== DEFAULT_STATUS_FILTER) active.situacao = filters.situacao;
  if (filters.tipo) active.tipo = filters.tipo;
  if (filters.prova) active.prova = filters.prova;
  if (filters.disciplina) active.disciplina = filters.disciplina;
  return active;
}

/** The page's address: the filters that are set, then the report being read, if any. */
export function queueSearchParams(filters: QueueFilters, reportId = ''): URLSearchParams {
  const params = new URLSearchParams(activeQueueFilters(filters));
  if (reportId) params.set(SELECTED_REPORT_PARAM, reportId);
  return params;
}

export function hasQueueFilters(filters: QueueFilters): boolean {
  return Object.keys(activeQueueFilters(filters)).length > 0;
}
