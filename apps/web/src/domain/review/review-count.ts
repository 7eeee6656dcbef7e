import { reviewCountResponseSchema } from '@gabarita/shared';
import { queryOptions } from '@tanstack/react-query';
import { QUERY_KEYS } from '@/domain/query-keys';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /me/review/today/count: the day's review queue in numbers, for the home page and the menu
 * (Premium only: ask only for Premium accounts).
 */
export const reviewCountQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.reviewCount,
  queryFn: ({ signal }) =>
    apiRequest('/me/review/today/count', reviewCountResponseSchema, { signal }),
  staleTime: 60_000,
});
