import type { IncomingMessage, Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { LAST_WORDS_MS, stopStreams } from './sse';

/**
 * The requests this server is answering: during a stop, each kept-alive connection closes once its
 * answer is sent, and those still running when the grace period ends are named in the log.
 */
export function trackRequests(server: Server) {
  const running = new Set<IncomingMessage>();
  let stopping = false;
  server.on('request', (request: IncomingMessage, response) => {
    running.add(request);
    response.once('close', () => {
      running.delete(request);
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    stop() {
      stopping = true;
    },
    running: () => [...running].map((request) => `${request.method} ${request.url?.split('?')[0]}`),
  };
}

/**
 * SIGTERM/SIGINT (docs/deployment.md, "Stopping and restarting"): no new connections, every new
 * request on an open one answered 503 before any handler runs (readiness included), streams that
 * wait for news ended with a reconnect event; running requests and tutor answers have `graceMs`
 * to finish, then what still runs is logged and cut.
 */
export async function stopGracefully(
  app: FastifyInstance,
  requests: ReturnType<typeof trackRequests>,
  graceMs: number,
) {
  stopStreams(app.server, graceMs);
  // Fastify answers 503 from the next tick on; its own close of the listener comes after the
  // preClose hooks, which wait for the tutor's answers.
  const closed = app.close();
  app.server.close();
  requests.stop();
  const cut = setTimeout(() => {
    const running = requests.running();
    if (running.length > 0) {
      app.log.warn(
        { running, graceMs },
        'prazo de encerramento esgotado: requisições interrompidas',
      );
    }
    app.server.closeAllConnections();
  }, graceMs + LAST_WORDS_MS);
  try {
    await closed;
  } finally {
    clearTimeout(cut);
  }
}
