import { SUPPORT_MESSAGES } from '@gabarita/shared';
import { ApiError } from '@/lib/api-client';

/** 400 and 429 carry a message meant for the user; a 401 means the session is gone. */
export function reportErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return SUPPORT_MESSAGES.reportSignInHint;
    if ((error.status === 400 || error.status === 429) && error.code !== 'response/invalid') {
      return error.message;
    }
  }
  return SUPPORT_MESSAGES.reportFailed;
}
