import { useEffect, useState } from 'react';
import { afterPaintAndIdle } from './first-screen';

/**
 * False until the browser has shown the component's first frame and then had an idle moment.
 * Requests the first screen does not wait on (the history's record, prefetches, counters) start
 * then, so they do not compete with what it does wait on.
 */
export function useIdleAfterPaint(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => afterPaintAndIdle(() => setIdle(true)), []);
  return idle;
}
