import { setMaxListeners } from 'node:events';
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

/**
 * The last event of a stream that only waits for news when the server stops: the browser's
 * EventSource reconnects by itself once the stream ends, `retry` tells it to do so soon (to another
 * instance, or to this one restarted); the named event is for clients that want to know why.
 */
export const RECONNECT_EVENT: ServerSentEvent = { event: 'reconnect', data: {}, retry: 1_000 };

/**
 * Once the grace period is over, how long a work stream's source has to send its own last event
 * (an `error` saying the answer was interrupted) before the stream is ended without it.
 */
export const LAST_WORDS_MS = 500;

/** The reason of a stream's signal when the server stopped it (rather than the client leaving). */
export class ServerStopping extends Error {
  constructor() {
    super('the server is stopping');
    this.name = 'ServerStopping';
  }
}

export const isServerStopping = (reason: unknown): reason is ServerStopping =>
  reason instanceof ServerStopping;

/**
 * A server's stop, in two steps (docs/deployment.md, "Stopping and restarting"). Streams that only
 * wait for news (GET: payment events, read by EventSource) end when the stop begins, asking the
 * client to reconnect; streams carrying the result of work a POST asked for (tutor answers,
 * imports, operator commands) may finish until the grace period's deadline.
 */
interface ServerStop {
  begun: AbortController;
  deadline: AbortController;
  /** Streams being sent, by kind: each settles when its response closes. */
  open: { news: Set<Promise<void>>; work: Set<Promise<void>> };
}

export interface ServerStopSignals {
  begun: AbortSignal;
  deadline: AbortSignal;
}

const stops = new WeakMap<Server, ServerStop>();

function stopOf(server: Server): ServerStop {
  let stop = stops.get(server);
  if (!stop) {
    stop = {
      begun: new AbortController(),
      deadline: new AbortController(),
      open: { news: new Set(), work: new Set() },
    };
    // Every open stream listens to these two: no listener limit applies.
    setMaxListeners(0, stop.begun.signal, stop.deadline.signal);
    stops.set(server, stop);
  }
  return stop;
}

/** The signals of this server's stop, for work that must end with its streams. */
export function serverStop(server: Server): ServerStopSignals {
  const { begun, deadline } = stopOf(server);
  return { begun: begun.signal, deadline: deadline.signal };
}

/**
 * Begins a graceful stop of the server's streams: those waiting for news end now with
 * RECONNECT_EVENT, work streams may run for `graceMs` more. Returns the deadline's signal.
 */
export function stopStreams(server: Server, graceMs: number): AbortSignal {
  const stop = stopOf(server);
  if (!stop.begun.signal.aborted) {
    stop.begun.abort(new ServerStopping());
    setTimeout(() => stop.deadline.abort(new ServerStopping()), graceMs).unref();
  }
  return stop.deadline.signal;
}

/**
 * Ends every open stream when the app closes: a stream only ends when its client leaves, and a
 * close would otherwise wait for the browsers. After stopStreams, work streams keep their grace
 * period; a close without it ends them all at once. The close then waits for the streams' last
 * words, so that their kept-alive connections are idle when Fastify closes those.
 */
export function endStreamsOnClose(app: FastifyInstance) {
  app.addHook('preClose', async () => {
    const stop = stopOf(app.server);
    if (stop.begun.signal.aborted && !stop.deadline.signal.aborted) {
      const deadline = aborted(stop.deadline.signal);
      await Promise.race([Promise.allSettled(stop.open.work), deadline.promise]).finally(
        deadline.cancel,
      );
    }
    stop.begun.abort(new ServerStopping());
    stop.deadline.abort(new ServerStopping());
    const late = sleep(LAST_WORDS_MS + 100, undefined);
    await Promise.race([
      Promise.allSettled([...stop.open.news, ...stop.open.work]),
      late.promise,
    ]).finally(late.cancel);
  });
}

/** What ends a stream when the server stops, by the kind of stream its method makes it. */
function streamStop(reply: FastifyReply) {
  const stop = stopOf(reply.server.server);
  return reply.request.method === 'GET'
    ? { kind: 'news' as const, signal: stop.begun.signal, open: stop.open.news }
    : { kind: 'work' as const, signal: stop.deadline.signal, open: stop.open.work };
}

/** Settles when `signal` aborts; `cancel` lets go of the signal (it outlives every stream). */
function aborted(signal: AbortSignal): { promise: Promise<'stop'>; cancel: () => void } {
  let cancel = () => {};
  const promise = new Promise<'stop'>((resolve) => {
    const done = () => resolve('stop');
    if (signal.aborted) return done();
    signal.addEventListener('abort', done, { once: true });
    cancel = () => signal.removeEventListener('abort', done);
  });
  return { promise, cancel };
}

function sleep<T>(ms: number, value: T): { promise: Promise<T>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(value), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * A signal that aborts when the client goes away: the response's close, not the request's (the
 * request closes as soon as its body is read). Take it before starting work the client pays for.
 * It also aborts, with a ServerStopping reason, when the server stops the stream (see
 * stopStreams): at once for a GET, at the end of the grace period for other methods.
 */
export function untilClientLeaves(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.on('close', () => abort.abort());
  return AbortSignal.any([abort.signal, streamStop(reply).signal]);
}

let openStreams = 0;

/** Event streams this process is sending now (all apps in it), for /metrics. */
export const openEventStreams = () => openStreams;

/**
 * The items as text, with a keep-alive comment whenever the next one takes long to come, until
 * the items end or the server stops the stream.
 */
async function* encode(
  items: AsyncIterable<StreamItem>,
  keepAliveMs: number,
  stop: ReturnType<typeof streamStop>,
) {
  const iterator = items[Symbol.asyncIterator]();
  const stopped = aborted(stop.signal);
  let next: Promise<IteratorResult<StreamItem>> | undefined;
  let stoppedByServer = false;
  openStreams += 1;
  try {
    for (;;) {
      next ??= iterator.next();
      const quiet = sleep(keepAliveMs, 'quiet' as const);
      const step = await Promise.race([next, quiet.promise, stopped.promise]).finally(quiet.cancel);
      if (step === 'quiet') {
        yield formatItem(KEEP_ALIVE);
        continue;
      }
      if (step === 'stop') {
        stoppedByServer = true;
        if (stop.kind === 'news') yield formatItem(RECONNECT_EVENT);
        else yield* lastWords(iterator, next);
        return;
      }
      next = undefined;
      if (step.done) {
        // A source that ended because the server stops still asks its client to reconnect.
        if (stop.kind === 'news' && stop.signal.aborted) yield formatItem(RECONNECT_EVENT);
        return;
      }
      yield formatItem(step.value);
    }
  } finally {
    openStreams -= 1;
    stopped.cancel();
    // The client left or the stream ended: let the source clean up (abort its work, release waits).
    // A source the server stopped while it works on its next item may take long to get there.
    const closing = iterator.return?.();
    if (stoppedByServer) void closing?.catch(() => undefined);
    else await closing;
  }
}

/** What a work stream's source still sends within LAST_WORDS_MS of the server's deadline. */
async function* lastWords(
  iterator: AsyncIterator<StreamItem>,
  pending: Promise<IteratorResult<StreamItem>>,
) {
  const late = sleep(LAST_WORDS_MS, 'late' as const);
  try {
    for (let next = pending; ; next = iterator.next()) {
      const step = await Promise.race([next, late.promise]);
      if (step === 'late' || step.done) return;
      yield formatItem(step.value);
    }
  } finally {
    late.cancel();
  }
}

/**
 * Answers with a stream of Server-Sent Events through Fastify, so security headers and the error
 * path still apply. Errors after the stream began must travel as events of `items` itself. When
 * the server stops, a GET stream ends with RECONNECT_EVENT; a stream of another method runs until
 * the grace period is over, then `items` has LAST_WORDS_MS to end itself (see untilClientLeaves).
 */
export function sendEvents(
  reply: FastifyReply,
  items: AsyncIterable<StreamItem>,
  options: { keepAliveMs?: number } = {},
) {
  const stop = streamStop(reply);
  const sent = new Promise<void>((resolve) => reply.raw.once('close', resolve));
  stop.open.add(sent);
  void sent.then(() => stop.open.delete(sent));
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(
      Readable.from(encode(items, options.keepAliveMs ?? KEEP_ALIVE_MS, stop), {
        objectMode: false,
      }),
    );
}
