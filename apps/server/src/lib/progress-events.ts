import { AppError } from './errors';
import type { ServerSentEvent } from './sse';

/** Keeps idle connections (and clients' body timeouts) alive during long silent steps. */
const HEARTBEAT_MS = 15_000;

/**
 * A long task that reports progress lines, as server-sent events in the order they happen:
 * `progress` {line} for each line, then `output` (what `finish` makes of the result) or `error`
 * {code, message, problems?} when it fails. An unexpected failure is logged and reported without
 * its internals.
 */
export async function* progressEvents<T>(
  run: (progress: (line: string) => void) => Promise<T>,
  finish: (result: T) => unknown,
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
  run((line) => push({ event: 'progress', data: { line } }))
    .then(
      (result) => push({ event: 'output', data: finish(result) }),
      (error: unknown) => {
        if (!(error instanceof AppError)) logUnexpected(error);
        const known = error instanceof AppError ? error : AppError.common('server/internal', 500);
        const problems = (error as { problems?: unknown }).problems;
        push({
          event: 'error',
          data: { code: known.code, message: known.message, ...(problems ? { problems } : {}) },
        });
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
