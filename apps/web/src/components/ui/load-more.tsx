import { useEffect, useRef } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** The next page starts loading when the end of the list comes within this distance. */
export const LOAD_MORE_ROOT_MARGIN = '0px 0px 100px 0px';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** Stops the automatic loading (e.g. after a failed page, until the user asks again). */
  paused?: boolean;
}

/**
 * Infinite scroll for a paged list: a sentinel after the last item asks for the next page when it
 * comes within 100 px of the viewport; the 'Carregar mais' button does the same for whoever
 * prefers (or needs) to ask.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore, paused }: LoadMoreProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const loadRef = useRef(onLoadMore);

  useEffect(() => {
    loadRef.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchingNextPage || paused) return;
    if (typeof IntersectionObserver === 'undefined') return;
    // A new observer reports the current state at once, so a short page that leaves the sentinel
    // in view keeps loading.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      { rootMargin: LOAD_MORE_ROOT_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, paused]);

  if (!hasNextPage) return null;
  return (
    <div className="mt-6 flex flex-col items-center">
      <div ref={sentinelRef} aria-hidden="true" className="h-px w-full" />
      <Button variant="secondary" onClick={onLoadMore} disabled={isFetchingNextPage}>
        {isFetchingNextPage && <Spinner className="size-4" />}
        {isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
      </Button>
    </div>
  );
}
