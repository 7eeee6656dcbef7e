import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  endStreamsOnClose,
  isServerStopping,
  LAST_WORDS_MS,
  RECONNECT_EVENT,
  sendEvents,
  type ServerSentEvent,
  stopStreams,
  untilClientLeaves,
} from './sse';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A source that sends one event, then waits for `signal` (or forever) before its last one. */
async function* waiting(signal: AbortSignal | undefined, log: string[]) {
  try {
    yield { event: 'first', data: {} } satisfies ServerSentEvent;
    await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
    yield {
      event: 'last',
      data: { byServer: isServerStopping(signal?.reason) },
    } satisfies ServerSentEvent;
  } finally {
    log.push('source ended');
  }
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(options: { listensToServer: boolean }) {
  const log: string[] = [];
  app = Fastify();
  endStreamsOnClose(app);
  const route = async (
    request: { method: string },
    reply: Parameters<typeof untilClientLeaves>[0],
  ) => {
    const signal = options.listensToServer ? untilClientLeaves(reply) : undefined;
    return sendEvents(reply, waiting(signal, log));
  };
  app.get('/news', (request, reply) => route(request, reply));
  app.post('/work', (request, reply) => route(request, reply));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { base, log, server: app.server };
}

/** Opens a stream and waits for its first event. */
async function open(base: string, method: 'GET' | 'POST', path: string) {
  const response = await fetch(`${base}${path}`, { method });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: first')) {
    const { value } = await reader.read();
    text += decoder.decode(value);
  }
  let stoppedAt = 0;
  const rest = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { text, endedAfterMs: Date.now() - stoppedAt };
      text += decoder.decode(value);
    }
  })();
  return {
    stop: () => (stoppedAt = Date.now()),
    rest,
  };
}

describe('streams when the server stops', () => {
  it('ends a GET stream at once, with a reconnect event that tells the browser when to retry', async () => {
    const { base, log, server } = await serve({ listensToServer: true });
    const stream = await open(base, 'GET', '/news');
    stream.stop();
    stopStreams(server, 5_000);
    const { text, endedAfterMs } = await stream.rest;
    expect(text).toContain(`retry: ${RECONNECT_EVENT.retry}\nevent: reconnect\ndata: {}\n\n`);
    expect(text).not.toContain('event: last');
    expect(endedAfterMs).toBeLessThan(1_000);
    expect(log).toEqual(['source ended']);
  });

  it('lets a POST stream run until the deadline, then its source sends its last event', async () => {
    const { base, server } = await serve({ listensToServer: true });
    const stream = await open(base, 'POST', '/work');
    stream.stop();
    stopStreams(server, 300);
    const { text, endedAfterMs } = await stream.rest;
    expect(text).toContain('event: last\ndata: {"byServer":true}');
    expect(text).not.toContain('event: reconnect');
    expect(endedAfterMs).toBeGreaterThanOrEqual(290);
    expect(endedAfterMs).toBeLessThan(300 + LAST_WORDS_MS);
  });

  it('ends a POST stream whose source does not listen shortly after the deadline', async () => {
    const { base, server } = await serve({ listensToServer: false });
    const stream = await open(base, 'POST', '/work');
    stream.stop();
    stopStreams(server, 200);
    const { text, endedAfterMs } = await stream.rest;
    expect(text).not.toContain('event: last');
    expect(endedAfterMs).toBeGreaterThanOrEqual(200 + LAST_WORDS_MS - 10);
    expect(endedAfterMs).toBeLessThan(200 + LAST_WORDS_MS + 1_000);
  });

  it("waits in the app's close for work streams within the grace period, not after it", async () => {
    const { base, server } = await serve({ listensToServer: true });
    const stream = await open(base, 'POST', '/work');
    const started = Date.now();
    stream.stop();
    stopStreams(server, 400);
    await app!.close();
    app = undefined;
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect((await stream.rest).text).toContain('event: last\ndata: {"byServer":true}');
  });

  it('ends every stream at once when the app closes without a graceful stop', async () => {
    const { base } = await serve({ listensToServer: true });
    const news = await open(base, 'GET', '/news');
    const work = await open(base, 'POST', '/work');
    news.stop();
    work.stop();
    await app!.close();
    app = undefined;
    expect((await news.rest).text).toContain('event: reconnect');
    const worked = await work.rest;
    expect(worked.text).toContain('event: last\ndata: {"byServer":true}');
    expect(worked.endedAfterMs).toBeLessThan(LAST_WORDS_MS + 500);
  });

  it('aborts the signal with a plain reason when the client leaves', async () => {
    const reasons: unknown[] = [];
    app = Fastify();
    endStreamsOnClose(app);
    app.post('/work', (request, reply) => {
      const signal = untilClientLeaves(reply);
      signal.addEventListener('abort', () => reasons.push(signal.reason));
      return sendEvents(reply, waiting(signal, []));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const leaving = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/work`, {
      method: 'POST',
      signal: leaving.signal,
    });
    await response.body!.getReader().read();
    leaving.abort();
    for (let waited = 0; reasons.length === 0 && waited < 2_000; waited += 20) await sleep(20);
    expect(reasons).toHaveLength(1);
    expect(isServerStopping(reasons[0])).toBe(false);
    // The aborted fetch leaves its connection open on this side; nothing to wait for.
    app.server.closeAllConnections();
  });
});
