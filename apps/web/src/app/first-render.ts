import type { QueryClient } from '@tanstack/react-query';
import { appInfoQueryOptions } from '@/domain/app-info';
import { sessionQueryOptions } from '@/domain/session/session';
import { loadPagesAt } from './router';

/** The longest the first render waits for the data of its first screen. */
const DATA_WAIT_MS = 1_000;

/**
 * What the first render waits for: the page's code, the session, the server's set-up (app-info) and
 * the data the page's first screen shows, all already on their way (index.html and its `Link` header preload them).
 * - Rendered through Suspense instead, the page would appear no sooner than 300 ms after a loading
 *   screen, which React holds revealed content back for.
 * - With the data in the cache, the first render (a transition, done in slices) is also the last:
 *   no answer arrives later to re-render the page in one long task.
 * A failure is left to the render, which explains it; slow data is waited for at most DATA_WAIT_MS.
 */
export async function prepareFirstRender(queryClient: QueryClient, url: URL): Promise<void> {
  const [pages, session] = await Promise.all([
    loadPagesAt(url.pathname),
    queryClient.fetchQuery(sessionQueryOptions).catch(() => undefined),
    // Whether the tutor is a language model: the screens' labels say so (docs/product-rules.md,
    // "Authored comments"), and must not change under the reader.
    queryClient.fetchQuery(appInfoQueryOptions).catch(() => undefined),
  ]);
  const request = { queryClient, search: url.searchParams, signedIn: !!session?.user };
  const data = pages.flatMap((page) => page.prefetchPageData?.(request) ?? []);
  if (data.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(data),
    new Promise((resolve) => (timer = setTimeout(resolve, DATA_WAIT_MS))),
  ]);
  clearTimeout(timer);
}
