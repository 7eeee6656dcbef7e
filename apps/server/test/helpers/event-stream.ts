/**
 * A Server-Sent Events client over fetch that parses the stream as a browser's EventSource does
 * (fields id, event, data, retry; comment lines; a blank line ends an event). It records when each
 * event arrived, so tests and benchmarks can time them.
 */
export interface ReceivedEvent {
  event: string;
  data: string;
  id?: string;
  retry?: number;
  receivedAt: number;
}

export interface EventStreamClient {
  status: number;
  contentType: string | null;
  headers: Headers;
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves with the first event (after those already seen, from `from` on) matching `test`. */
  next(
    test: (event: ReceivedEvent) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    let current: Partial<ReceivedEvent> & { dataLines: string[] } = { dataLines: [] };
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (current.dataLines.length > 0) {
              events.push({
                event: current.event ?? 'message',
                data: current.dataLines.join('\n'),
                ...(current.id !== undefined ? { id: current.id } : {}),
                ...(current.retry !== undefined ? { retry: current.retry } : {}),
                receivedAt: performance.now(),
              });
              notify();
            }
            current = { dataLines: [] };
            continue;
          }
          if (line.startsWith(':')) {
            comments.push(line.slice(1).trim());
            notify();
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'data') current.dataLines.push(value);
          else if (field === 'event') current.event = value;
          else if (field === 'id') current.id = value;
          else if (field === 'retry') current.retry = Number(value);
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      notify();
    }
  })();

  let done = false;
  void ended.then(() => {
    done = true;
    notify();
  });

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    events,
    comments,
    ended,
    next(test, timeoutMs = 10_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(test);
          if (found) {
            cleanup();
            resolve(found);
          } else if (done) {
            cleanup();
            reject(new Error('the stream ended without the expected event'));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
