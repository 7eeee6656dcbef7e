import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOutputSchema, text } from '@gabarita/shared';
import type { AppConfig } from '@/config';
import type { DatabaseHandle } from '@/db/client';
import { AppError } from '@/lib/errors';
import { isLoopbackAddress } from '@/lib/loopback';
import { progressEvents } from '@/lib/progress-events';
import { sendEvents } from '@/lib/sse';
import { createOperatorService } from './operator.service';

export interface OperatorRoutesOptions {
  database: DatabaseHandle;
  /** The secret written in the DATA_DIR lock file; only local processes that can read it get in. */
  operatorToken: string;
  config: AppConfig;
}

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
        body: z.object({ args: z.array(text(10_000)).max(100) }),
        response: { 200: operatorOutputSchema },
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
          progressEvents(
            (progress) =>
              operator.run(request.params.command, request.body.args, 'server', progress),
            (output) => ({ output }),
            (error) => request.log.error({ err: error }, 'operator command failed'),
          ),
        );
      }
      return { output: await operator.run(request.params.command, request.body.args, 'server') };
    },
  );
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
