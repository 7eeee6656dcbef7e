import { useMutation } from '@tanstack/react-query';
import { SUPPORT_MESSAGES, supportResponseSchema, type HelpRequest } from '@gabarita/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

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

/** The text for a failed send: the spec's wording by status, the server's for rate limits. */
export function helpErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SUPPORT_MESSAGES.helpFailed;
  switch (error.status) {
    case 400:
      return error.message === SUPPORT_MESSAGES.helpTooLong
        ? SUPPORT_MESSAGES.helpTooLong
        : error.message === SUPPORT_MESSAGES.helpEmpty
          ? SUPPORT_MESSAGES.helpEmpty
          : SUPPORT_MESSAGES.helpFailed;
    case 401:
    case 403:
      return SUPPORT_MESSAGES.helpNotAllowed;
    case 429:
      return error.message;
    default:
      return SUPPORT_MESSAGES.helpFailed;
  }
}
