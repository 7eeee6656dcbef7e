import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const MAX_RETRIES = 2;

/** Retries only what may succeed on a second try: network failures and 5xx, not client errors. */
function shouldRetry(failureCount: number, error: Error): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !clientError && failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
