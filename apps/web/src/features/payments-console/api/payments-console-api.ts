import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentActionResponseSchema,
  paymentDetailSchema,
  paymentPageSchema,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';

const STALE_TIME = 15_000;
const paymentPath = (id: string) => `/admin/payments/${encodeURIComponent(id)}`;

/** Query keys of the console's payments; under 'user', so signing out drops them. */
export const PAYMENTS_CONSOLE_KEYS = {
  all: ['user', 'admin', 'payments'] as const,
  list: (search: string) => ['user', 'admin', 'payments', 'list', search] as const,
  detail: (id: string) => ['user', 'admin', 'payments', 'detail', id] as const,
};

/** The list's filters as the page's address has them (status, provedor, produto, de, ate, pagina). */
export type PaymentFilters = Partial<
  Record<'status' | 'provedor' | 'produto' | 'de' | 'ate' | 'pagina', string>
>;

/** GET /admin/payments: newest first, 30 per page, with the filters given. */
export function usePaymentList(filters: PaymentFilters) {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return useQuery({
    queryKey: PAYMENTS_CONSOLE_KEYS.list(search),
    queryFn: ({ signal }) => apiRequest(`/admin/payments${search}`, paymentPageSchema, { signal }),
    staleTime: STALE_TIME,
    placeholderData: keepPreviousData,
  });
}

export function usePaymentDetail(id: string) {
  return useQuery({
    queryKey: PAYMENTS_CONSOLE_KEYS.detail(id),
    queryFn: ({ signal }) => apiRequest(paymentPath(id), paymentDetailSchema, { signal }),
    staleTime: STALE_TIME,
  });
}

/** 'Conciliar agora' or 'Reembolsar'; the purchase and every list are read again afterwards. */
export function usePaymentAction(id: string, kind: 'reconcile' | 'refund') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest(`${paymentPath(id)}/${kind}`, paymentActionResponseSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_CONSOLE_KEYS.all }),
  });
}
