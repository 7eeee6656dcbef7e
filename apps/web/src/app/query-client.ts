import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { QUERY_KEYS } from '../lib/query-keys';

const MAX_RETRIES = 2;

/** Retries only what may succeed on a second try: network failures and 5xx, not client errors. */
function shouldRetry(failureCount: number, error: Error): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !clientError && failureCount < MAX_RETRIES;
}

function isSessionKey(queryKey: QueryKey | undefined): boolean {
  return JSON.stringify(queryKey) === JSON.stringify(QUERY_KEYS.session);
}

export function createQueryClient(): QueryClient {
  /**
   * Missing record rule (spec section 4): a call answering 401 while the session says "signed in"
   * means the session or the user is gone. Refetching the session lets the guard send the user to
   * /login.
   */
  const onUnauthenticated = (error: Error, queryKey?: QueryKey) => {
    if (!(error instanceof ApiError) || error.status !== 401 || isSessionKey(queryKey)) return;
    const session = client.getQueryData<{ user: unknown }>(QUERY_KEYS.session);
    if (session?.user) void client.invalidateQueries({ queryKey: QUERY_KEYS.session });
  };

  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onUnauthenticated(error, query.queryKey),
    }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return client;
}
