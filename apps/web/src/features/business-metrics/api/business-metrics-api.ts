import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { businessMetricsSchema } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';

/** GET /admin/metrics: the period's numbers (the server's default period when none is given). */
export function useBusinessMetrics(period: { de?: string; ate?: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'business-metrics', period.de ?? '', period.ate ?? ''],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (period.de) params.set('de', period.de);
      if (period.ate) params.set('ate', period.ate);
      const search = params.size > 0 ? `?${params.toString()}` : '';
      return apiRequest(`/admin/metrics${search}`, businessMetricsSchema, { signal });
    },
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
