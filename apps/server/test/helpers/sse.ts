import { type AiStreamEvent, parseAiStreamEvent } from '@gabarita/shared';

/**
 * Parses a text/event-stream body as a browser's reader would: events separated by a blank line,
 * `event:` and `data:` fields, comment lines ignored. Each event is checked against the shared
 * protocol schemas.
 */
export function parseEvents(body: string): AiStreamEvent[] {
  const events: AiStreamEvent[] = [];
  for (const block of body.split('\n\n')) {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      if (line.startsWith('event: ')) name = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) events.push(parseAiStreamEvent(name, data.join('\n')));
  }
  return events;
}

export function textOf(events: AiStreamEvent[]): string {
  return events
    .filter((event) => event.event === 'delta')
    .map((event) => (event.data as { text: string }).text)
    .join('');
}

export function eventOf<Name extends AiStreamEvent['event']>(
  events: AiStreamEvent[],
  name: Name,
): Extract<AiStreamEvent, { event: Name }>['data'] {
  const found = events.find((event) => event.event === name);
  if (!found) throw new Error(`no ${name} event in ${JSON.stringify(events).slice(0, 500)}`);
  return found.data as never;
}

/**
 * Reads a streamed response event by event over real HTTP (fetch + a stream reader, as the web
 * does). `onEvent` may return 'stop' to abort the request (the stop button).
 */
export async function readStream(
  url: string,
  init: RequestInit,
  onEvent?: (event: AiStreamEvent, index: number) => 'stop' | void,
): Promise<{ status: number; events: AiStreamEvent[]; body: string; stopped: boolean }> {
  const abort = new AbortController();
  const response = await fetch(url, { ...init, signal: abort.signal });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: response.status, events: [], body: await response.text(), stopped: false };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: AiStreamEvent[] = [];
  let buffer = '';
  let body = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      body += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const parsed = parseEvents(buffer.slice(0, end + 2));
        buffer = buffer.slice(end + 2);
        for (const event of parsed) {
          events.push(event);
          if (onEvent?.(event, events.length - 1) === 'stop') {
            abort.abort();
            return { status: response.status, events, body, stopped: true };
          }
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }
  return { status: response.status, events, body, stopped: false };
}

/** The events of a text/event-stream body that is not the tutor's protocol, in order. */
export function eventsOf(body: string): { event: string | undefined; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => /^event: /m.test(block))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown,
    }));
}
