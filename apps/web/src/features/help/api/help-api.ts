import { useMutation } from '@tanstack/react-query';
import { SUPPORT_MESSAGES, supportResponseSchema, type HelpRequest } from '@gabarita/shared';
import { ApiError, apiRequest } from '@/lib/api-client';

/** POST /help-requests: 201 with a confirmation message. */
export function useSendHelpRequest() {
  return useMutation({
    mutationFn: (mensagem: string) =>
      apiRequest('/help-requests', supportResponseSchema, {
        method: 'POST',
        body: { mensagem } satisfies HelpRequest,
      }),
  });
}

/**
 * The text for a failed send: a refused message in the rule's words (by field, never by text), the
 * spec's wording when the sender may not send, the server's for rate limits, else the spec's
 * generic failure.
 */
export function helpErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SUPPORT_MESSAGES.helpFailed;
  if (error.code === 'request/invalid') return error.fields.mensagem ?? SUPPORT_MESSAGES.helpFailed;
  if (error.status === 401 || error.status === 403) return SUPPORT_MESSAGES.helpNotAllowed;
  if (error.status === 429) return error.message;
  return SUPPORT_MESSAGES.helpFailed;
}
