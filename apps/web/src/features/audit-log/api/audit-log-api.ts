import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditPage } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { activeAuditFilters, type AuditFilters } from '../audit-filters';

/** GET /admin/audit?acao&alvo&antes: 50 entries per page, newest first. */
export function auditLogInfiniteOptions(filters: AuditFilters) {
  const active = activeAuditFilters(filters);
  return infiniteQueryOptions({
    queryKey: QUERY_KEYS.auditLog(active),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams(active);
      if (pageParam !== null) params.set('antes', String(pageParam));
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return apiRequest(`/admin/audit${query}`, auditPageSchema, { signal });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage: AuditPage) => lastPage.next,
    staleTime: 15_000,
  });
}

/** Keeps the previous entries on screen while another filter loads. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    ...auditLogInfiniteOptions(filters),
    placeholderData: keepPreviousData,
  });
}
