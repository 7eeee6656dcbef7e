import { parseAiStreamEvent, type AiDoneEvent, type AiMetaEvent } from '@gabarita/shared';
import { ApiError, errorOf, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { readEventStream } from '@/lib/event-stream';

export interface TutorStreamHandlers {
  onMeta?: (meta: AiMetaEvent) => void;
  /** Each piece of text as it is written. */
  onDelta?: (text: string) => void;
}

const cutOff = () =>
  new ApiError({ status: 0, code: 'network/unreachable', message: NETWORK_ERROR_MESSAGE });

/**
 * POSTs to a tutor route and follows its stream (docs/architecture.md, "Stream protocol"): `meta`,
 * then `delta`s, then `done` (returned) or `error` (thrown as ApiError with the server's code and
 * message). A refusal before the stream (402 limit/ai, 403, 429…) is thrown as usual.
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
    throw cutOff();
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
