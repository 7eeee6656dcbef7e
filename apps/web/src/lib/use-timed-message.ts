import { useCallback, useEffect, useState } from 'react';
import { STATUS_MESSAGE_MS } from './timings';

export interface TimedMessage {
  tone: 'success' | 'error';
  text: string;
}

/** A status message that clears itself after `duration` (spec: status messages clear after 3 s). */
export function useTimedMessage(duration = STATUS_MESSAGE_MS) {
  const [message, setMessage] = useState<TimedMessage | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), duration);
    return () => window.clearTimeout(timer);
  }, [message, duration]);

  const show = useCallback((tone: TimedMessage['tone'], text: string) => {
    setMessage({ tone, text });
  }, []);
  const clear = useCallback(() => setMessage(null), []);

  return { message, show, clear };
}
