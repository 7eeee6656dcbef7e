/** One Server-Sent Event as it arrived: its name ('message' when unnamed), data and id. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads a text/event-stream body (the answer of a POST, which EventSource cannot send) and yields
 * each event as it completes. Comment lines (heartbeats) are skipped; a multi-line `data` is joined
 * with line feeds, as the format says.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  // Stopping the request ends the reading at once, whatever the connection does.
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  let id: string | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield { event, data: data.join('\n'), ...(id ? { id } : {}) };
          event = 'message';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const rawValue = colon < 0 ? '' : line.slice(colon + 1);
        const fieldValue = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
        if (field === 'event') event = fieldValue;
        else if (field === 'data') data.push(fieldValue);
        else if (field === 'id') id = fieldValue;
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}
