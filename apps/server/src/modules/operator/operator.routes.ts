import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '@/config';
import type { DatabaseHandle } from '@/db/client';
import { AppError } from '@/lib/errors';
import { isLoopbackAddress } from '@/lib/loopback';
import { sendEvents, type ServerSentEvent } from '@/lib/sse';
import { createOperatorService, type OperatorService } from './operator.service';

export interface OperatorRoutesOptions {
  database: DatabaseHandle;
  /** The secret written in the DATA_DIR lock file; only local processes that can read it get in. */
  operatorToken: string;
  config: AppConfig;
}

/** Keeps idle connections (and the CLI's body timeout) alive during long silent steps. */
const HEARTBEAT_MS = 15_000;

/**
 * Lets operator commands (npm run db:status and the like) run while the server holds the embedded
 * database: the CLI sends the command here instead of opening the data directory itself. Asked
 * for `text/event-stream`, it streams each progress line as it happens (`progress` events), then
 * the output (`output`) or the refusal (`error`); otherwise it answers JSON when the command ends.
 */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (
  app,
  options,
) => {
  const expected = digest(options.operatorToken);
  const operator = createOperatorService(options.database, options.config);

  app.post(
    '/internal/operator/:command',
    {
      // Public to the access check: the operator token below is its credential.
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ command: z.string().min(1).max(100) }),
        body: z.object({ args: z.array(z.string().max(10_000)).max(100) }),
        response: { 200: z.object({ output: z.array(z.string()) }) },
      },
      onRequest: async (request) => {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (
          !isLoopbackAddress(request.socket.remoteAddress) ||
          !timingSafeEqual(digest(token), expected)
        ) {
          throw AppError.common('auth/forbidden', 403);
        }
      },
    },
    async (request, reply) => {
      if (request.headers.accept?.includes('text/event-stream')) {
        return sendEvents(
          reply,
          streamRun(operator, request.params.command, request.body.args, (error) =>
            request.log.error({ err: error }, 'operator command failed'),
          ),
        );
      }
      return { output: await operator.run(request.params.command, request.body.args, 'server') };
    },
  );
};

/** The run as events, in the order they happen; errors become an `error` event. */
async function* streamRun(
  operator: OperatorService,
  command: string,
  args: string[],
  logUnexpected: (error: unknown) => void,
): AsyncGenerator<ServerSentEvent> {
  const queue: ServerSentEvent[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  const push = (event: ServerSentEvent) => {
    queue.push(event);
    wake?.();
  };
  const heartbeat = setInterval(() => push({ event: 'heartbeat', data: {} }), HEARTBEAT_MS);
  operator
    .run(command, args, 'server', (line) => push({ event: 'progress', data: { line } }))
    .then(
      (output) => push({ event: 'output', data: { output } }),
      (error: unknown) => {
        if (!(error instanceof AppError)) logUnexpected(error);
        const known = error instanceof AppError ? error : AppError.common('server/internal', 500);
        push({ event: 'error', data: { code: known.code, message: known.message } });
      },
    )
    .finally(() => {
      done = true;
      wake?.();
    });
  try {
    for (;;) {
      const event = queue.shift();
      if (event) {
        yield event;
        continue;
      }
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    clearInterval(heartbeat);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
