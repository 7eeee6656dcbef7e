import type { Server } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface ServerSentEvent {
  event: string;
  data: unknown;
  id?: string;
  /** How long the browser waits before reconnecting, in milliseconds. */
  retry?: number;
}

/** A comment line: ignored by clients, it keeps idle connections (and proxies) alive. */
export interface ServerSentComment {
  comment: string;
}

type StreamItem = ServerSentEvent | ServerSentComment;

/** One event in the text/event-stream format. */
export function formatEvent({ event, data, id, retry }: ServerSentEvent): string {
  return `${retry ? `retry: ${retry}\n` : ''}${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function formatItem(item: StreamItem): string {
  return 'comment' in item ? `: ${item.comment}\n\n` : formatEvent(item);
}

const KEEP_ALIVE: ServerSentComment = { comment: 'keep-alive' };
const KEEP_ALIVE_MS = 15_000;

/** Aborted when the server of that HTTP listener starts to close (see endStreamsOnClose). */
const serverClosing = new WeakMap<Server, AbortSignal>();

/**
 * Ends every open stream when the app closes: a stream only ends when its client leaves, and a
 * graceful stop would otherwise wait for the browsers.
 */
export function endStreamsOnClose(app: FastifyInstance) {
  const closing = new AbortController();
  serverClosing.set(app.server, closing.signal);
  app.addHook('preClose', async () => closing.abort());
}

/**
 * A signal that aborts when the client goes away: the response's close, not the request's (the
 * request closes as soon as its body is read). Take it before starting work the client pays for.
 * It also aborts when the server closes.
 */
export function untilClientLeaves(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.on('close', () => abort.abort());
  const closing = serverClosing.get(reply.server.server);
  return closing ? AbortSignal.any([abort.signal, closing]) : abort.signal;
}

let openStreams = 0;

/** Event streams this process is sending now (all apps in it), for /metrics. */
export const openEventStreams = () => openStreams;

/** The items as text, with a keep-alive comment whenever the next one takes long to come. */
async function* encode(items: AsyncIterable<StreamItem>, keepAliveMs: number) {
  const iterator = items[Symbol.asyncIterator]();
  openStreams += 1;
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
          yield formatItem(KEEP_ALIVE);
          continue;
        }
        if (step.done) return;
        yield formatItem(step.value);
        break;
      }
    }
  } finally {
    openStreams -= 1;
    // The client left or the stream ended: let the source clean up (abort its work, release waits).
    await iterator.return?.();
  }
}

/**
 * Answers with a stream of Server-Sent Events through Fastify, so security headers and the error
 * path still apply. Errors after the stream began must travel as events of `items` itself.
 */
export function sendEvents(
  reply: FastifyReply,
  items: AsyncIterable<StreamItem>,
  options: { keepAliveMs?: number } = {},
) {
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(
      Readable.from(encode(items, options.keepAliveMs ?? KEEP_ALIVE_MS), { objectMode: false }),
    );
}
