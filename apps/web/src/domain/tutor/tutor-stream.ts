import {
  AI_ERROR_CODES,
  AI_MESSAGES,
  parseAiStreamEvent,
  type AiDoneEvent,
  type AiMetaEvent,
} from '@gabarita/shared';
import { ApiError, errorOf, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { readEventStream } from '@/lib/event-stream';

export interface TutorStreamHandlers {
  onMeta?: (meta: AiMetaEvent) => void;
  /** Each piece of text as it is written. */
  onDelta?: (text: string) => void;
}

/**
 * The code of an answer cut short: in the server's `error` event when its restart interrupted the
 * answer, and here when the stream ended without its last word.
 */
export const TUTOR_INTERRUPTED_CODE = AI_ERROR_CODES.interrupted;
export const TUTOR_CUT_OFF_MESSAGE = AI_MESSAGES.interruptedConnection;

const unreachable = () =>
  new ApiError({ status: 0, code: 'network/unreachable', message: NETWORK_ERROR_MESSAGE });
const cutOff = () =>
  new ApiError({ status: 0, code: TUTOR_INTERRUPTED_CODE, message: TUTOR_CUT_OFF_MESSAGE });

/** What to say of an answer cut short (a restart, a fallen connection); undefined for other failures. */
export function interruptionText(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === TUTOR_INTERRUPTED_CODE
    ? error.message
    : undefined;
}

/**
 * POSTs to a tutor route and follows its stream (docs/architecture.md, "Stream protocol"): `meta`,
 * then `delta`s, then `done` (returned) or `error` (thrown as ApiError with the server's code and
 * message). A refusal before the stream (402 limit/ai, 403, 429…) is thrown as usual; a stream that
 * ends without `done` or `error` is thrown as interrupted (TUTOR_INTERRUPTED_CODE).
 */
export async function streamTutor(
  path: string,
  body: unknown,
  { signal, ...handlers }: TutorStreamHandlers & { signal?: AbortSignal },
): Promise<AiDoneEvent> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unreachable();
  }
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw cutOff();

  try {
    for await (const received of readEventStream(response.body, signal)) {
      const event = parseAiStreamEvent(received.event, received.data);
      if (event.event === 'meta') handlers.onMeta?.(event.data);
      else if (event.event === 'delta') handlers.onDelta?.(event.data.text);
      else if (event.event === 'done') return event.data;
      else throw new ApiError({ status: response.status, ...event.data });
    }
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw cutOff();
  }
  // The stream ended without its last word: the connection was cut.
  throw cutOff();
}
