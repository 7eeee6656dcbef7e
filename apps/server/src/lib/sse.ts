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

/** One event in the text/event-stream format. */
export function formatEvent({ event, data, id, retry }: ServerSentEvent): string {
  return `${retry ? `retry: ${retry}\n` : ''}${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

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

/**
 * Answers with a stream of Server-Sent Events through Fastify, so security headers and the error
 * path still apply. Errors after the stream began must travel as events of `events` itself.
 */
export function sendEvents(
  reply: FastifyReply,
  events: AsyncIterable<ServerSentEvent | ServerSentComment>,
) {
  async function* encode() {
    for await (const event of events) {
      yield 'comment' in event ? `: ${event.comment}\n\n` : formatEvent(event);
    }
  }
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(encode(), { objectMode: false }));
}
