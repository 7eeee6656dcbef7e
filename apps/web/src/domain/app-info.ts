import { queryOptions, useQuery } from '@tanstack/react-query';
import { appInfoResponseSchema } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';

/** GET /app-info: how this server is set up, as far as the screens show it (not per user). */
export const appInfoQueryOptions = queryOptions({
  queryKey: ['app-info'] as const,
  queryFn: ({ signal }) => apiRequest('/app-info', appInfoResponseSchema, { signal }),
  staleTime: Infinity,
});

/** The team's contact address (SUPPORT_EMAIL), or null while unknown or when none is set. */
export function useSupportEmail(): string | null {
  return useQuery(appInfoQueryOptions).data?.supportEmail ?? null;
}

/** Who writes the tutor's texts on this server (null while unknown). */
export function useTutorInfo() {
  return useQuery(appInfoQueryOptions).data?.tutor ?? null;
}
