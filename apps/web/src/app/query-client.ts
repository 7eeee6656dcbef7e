import {
  MutationCache,
  QueryCache,
  QueryClient,
  type Query,
  type QueryKey,
} from '@tanstack/react-query';
import type { SessionResponse } from '@gabarita/shared';
import { ApiError } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { keepSession } from '@/domain/session/kept-session';

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
   * Missing record rule (docs/product-rules.md, "Accounts and sign-in"): a call answering 401 while the session says "signed in"
   * means the session or the user is gone. Refetching the session lets the guard send the user to
   * /login.
   */
  const onUnauthenticated = (error: Error, queryKey?: QueryKey) => {
    if (!(error instanceof ApiError) || error.status !== 401 || isSessionKey(queryKey)) return;
    const session = client.getQueryData<{ user: unknown }>(QUERY_KEYS.session);
    if (session?.user) void client.invalidateQueries({ queryKey: QUERY_KEYS.session });
  };

  /**
   * Whose data the cache holds. When the session names another user (sign-in, sign-out, a session
   * that expired and now reads as a visitor), everything under the per-user root goes, so nobody
   * ever sees the previous user's answers. `undefined` until the first session answer.
   */
  let cachedUserId: string | null | undefined;
  const onSessionAnswer = (query: Query) => {
    const session = query.state.data as SessionResponse | undefined;
    if (session === undefined) return;
    keepSession(session);
    const userId = session.user?.id ?? null;
    if (cachedUserId !== undefined && userId !== cachedUserId) {
      client.removeQueries({ queryKey: QUERY_KEYS.user });
    }
    cachedUserId = userId;
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
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && isSessionKey(event.query.queryKey))
      onSessionAnswer(event.query);
  });
  return client;
}
