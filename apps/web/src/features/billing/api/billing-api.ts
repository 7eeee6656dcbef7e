import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  createPaymentResponseSchema,
  paymentResponseSchema,
  plansResponseSchema,
  type CreatePaymentRequest,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/** GET /plans: prices come from the server only, with what the user has now. */
export const plansQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.plans,
  queryFn: ({ signal }) => apiRequest('/plans', plansResponseSchema, { signal }),
  staleTime: 30_000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}

/** POST /payments: a PIX charge for one product, priced by the server. */
export function useCreatePayment() {
  return useMutation({
    mutationFn: (request: CreatePaymentRequest) =>
      apiRequest('/payments', createPaymentResponseSchema, { method: 'POST', body: request }),
  });
}

/** GET /payments/:id: the purchase's state, the fallback when the live events fail. */
export function fetchPayment(purchaseId: string, signal?: AbortSignal) {
  return apiRequest(`/payments/${encodeURIComponent(purchaseId)}`, paymentResponseSchema, {
    signal,
  });
}
