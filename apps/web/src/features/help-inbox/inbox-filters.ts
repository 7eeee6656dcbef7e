import { HELP_REQUEST_STATUSES, type HelpRequestStatus } from '@gabarita/shared';

/** The inbox's filters, as they live in the address: ?situacao=new&busca=ana. */
export interface InboxFilters {
  /** '' shows every message. */
  situacao: HelpRequestStatus | '';
  busca: string;
}

/** New messages first: what still needs an answer. */
export const DEFAULT_INBOX_FILTERS: InboxFilters = { situacao: 'new', busca: '' };

/** 'todos' in the address: every status. */
const ALL = 'todos';

const isStatus = (value: string | null): value is HelpRequestStatus =>
  (HELP_REQUEST_STATUSES as readonly (string | null)[]).includes(value);

export function readInboxFilters(params: URLSearchParams): InboxFilters {
  const situacao = params.get('situacao');
  return {
    situacao:
      situacao === ALL ? '' : isStatus(situacao) ? situacao : DEFAULT_INBOX_FILTERS.situacao,
    busca: params.get('busca')?.trim() ?? '',
  };
}

export function inboxSearchParams(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.situacao !== DEFAULT_INBOX_FILTERS.situacao) {
    params.set('situacao', filters.situacao || ALL);
  }
  if (filters.busca) params.set('busca', filters.busca);
  return params;
}

/** The API's query: only the filters that are set. */
export function activeInboxFilters(filters: InboxFilters): Record<string, string> {
  const active: Record<string, string> = {};
  if (filters.situacao) active.situacao = filters.situacao;
  if (filters.busca) active.busca = filters.busca;
  return active;
}
