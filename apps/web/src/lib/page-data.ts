import type { QueryClient } from '@tanstack/react-query';

/**
 * What a lazy page may ask for before its first render (app/first-render.ts): its module exports
 * `prefetchPageData`, which starts the queries its first screen shows.
 */
export interface PageDataRequest {
  queryClient: QueryClient;
  search: URLSearchParams;
  signedIn: boolean;
}

export type PrefetchPageData = (request: PageDataRequest) => Promise<unknown>[];
