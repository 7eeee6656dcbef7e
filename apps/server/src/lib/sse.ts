import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface ServerSentEvent {
  event: string;
  data: unknown;
  id?: string;
}

/** One event in the text/event-stream format. */
export function formatEvent({ event, data, id }: ServerSentEvent): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by clients, it keeps proxies from closing a quiet stream. */
const KEEP_ALIVE = ': keep-alive\n\n';
const KEEP_ALIVE_MS = 15_000;

/**
 * A signal that aborts when the client goes away: the response's close, not the request's (the
 * request closes as soon as its body is read). Take it before starting work the client pays for.
 */
export function untilClientLeaves(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.on('close', () => abort.abort());
  return abort.signal;
}

/** The events as text, with a keep-alive comment whenever the next event takes long to come. */
async function* encode(events: AsyncIterable<ServerSentEvent>, keepAliveMs: number) {
  const iterator = events[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = iterator.next();
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const quiet = new Promise<'quiet'>((resolve) => {
          timer = setTimeout(() => resolve('quiet'), keepAliveMs);
        });
        const step = await Promise.race([next, quiet]).finally(() => clearTimeout(timer));
        if (step === 'quiet') {
          yield KEEP_ALIVE;
          continue;
        }
        if (step.done) return;
        yield formatEvent(step.value);
        break;
      }
    }
  } finally {
    // The client left or the stream ended: let the source clean up (abort its work, release waits).
    await iterator.return?.();
  }
}

/**
 * Answers with a stream of Server-Sent Events through Fastify, so security headers and the error
 * path still apply. Errors after the stream began must travel as events of `events` itself.
 */
export function sendEvents(
  reply: FastifyReply,
  events: AsyncIterable<ServerSentEvent>,
  options: { keepAliveMs?: number } = {},
) {
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(
      Readable.from(encode(events, options.keepAliveMs ?? KEEP_ALIVE_MS), { objectMode: false }),
    );
}
