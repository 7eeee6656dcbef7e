import { useEffect, useState } from 'react';

/** The longest wait for an idle moment (and the wait where the browser cannot say, as Safari). */
const IDLE_TIMEOUT_MS = 500;

/**
 * False until the browser has painted the component's first frame and then had an idle moment.
 * Requests the first screen does not wait on (the history's record, prefetches, counters) start
 * then, so they do not compete with what it does wait on.
 */
export function useIdleAfterPaint(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    const requestIdle = window.requestIdleCallback as Window['requestIdleCallback'] | undefined;
    let cancelIdle = () => {};
    // A frame callback runs just before the paint; what it schedules, after.
    const frame = requestAnimationFrame(() => {
      if (requestIdle) {
        const handle = requestIdle(done, { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const timer = window.setTimeout(done, IDLE_TIMEOUT_MS);
        cancelIdle = () => window.clearTimeout(timer);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, []);
  return idle;
}
