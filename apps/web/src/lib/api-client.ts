import { COMMON_ERROR_MESSAGES, errorResponseSchema, type CommonErrorCode } from '@gabarita/shared';

export const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão com a internet e tente novamente.';
export const INVALID_RESPONSE_MESSAGE =
  'O servidor enviou uma resposta inesperada. Tente novamente mais tarde.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** For 'request/invalid': the server's message for each invalid field, by its path. */
  readonly fields: Readonly<Record<string, string>>;

  constructor({
    status,
    code,
    message,
    fields = {},
  }: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
  }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Any zod schema (or anything with the same `parse`) that turns the response body into `T`. */
interface ResponseSchema<T> {
  parse(input: unknown): T;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a FormData. Ignored for GET. */
  body?: unknown;
  signal?: AbortSignal;
}

/** For answers without a body (204). */
export const noContent: ResponseSchema<void> = { parse: () => undefined };

/** Calls `/api{path}`, validates the JSON answer with `schema` and throws ApiError on any failure. */
export async function apiRequest<T>(
  path: string,
  schema: ResponseSchema<T>,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  const response = await send(`/api${path}`, { method, body, signal });
  const payload = await readJson(response);

  if (!response.ok) throw errorFromResponse(response.status, payload);

  try {
    return schema.parse(payload);
  } catch {
    throw new ApiError({
      status: response.status,
      code: 'response/invalid',
      message: INVALID_RESPONSE_MESSAGE,
    });
  }
}

async function send(
  url: string,
  { method, body, signal }: Required<Pick<RequestOptions, 'method'>> & RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart Content-Type with its boundary.
    payload = body;
  } else if (method !== 'GET') {
    // The server accepts only JSON on writes, so a write without data still sends `{}`.
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }

  try {
    return await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: payload,
      signal,
    });
  } catch (error) {
    // Cancellation (e.g. TanStack Query aborting a stale request) is not a network failure.
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network/unreachable', message: NETWORK_ERROR_MESSAGE });
  }
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The ApiError of a failed answer: its envelope, or a code chosen by status. */
export async function errorOf(response: Response): Promise<ApiError> {
  return errorFromResponse(response.status, await readJson(response));
}

function errorFromResponse(status: number, payload: unknown): ApiError {
  const envelope = errorResponseSchema.safeParse(payload);
  if (envelope.success) return new ApiError({ status, ...envelope.data.error });

  // No error envelope (e.g. a proxy answering for a server that is down): fall back by status.
  const code = fallbackCode(status);
  return new ApiError({ status, code, message: COMMON_ERROR_MESSAGES[code] });
}

function fallbackCode(status: number): CommonErrorCode {
  if (status === 401) return 'auth/unauthenticated';
  if (status === 403) return 'auth/forbidden';
  if (status === 404) return 'request/not-found';
  if (status === 413) return 'request/too-large';
  if (status === 429) return 'request/rate-limited';
  if (status === 502 || status === 503 || status === 504) return 'server/unavailable';
  if (status >= 400 && status < 500) return 'request/invalid';
  return 'server/internal';
}

/**
 * The text to show for a failed call: the server's message (already in the spec's words), or
 * `fallback` when there is no usable message (unexpected answers, internal errors, non-API errors).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'response/invalid' || error.code === 'server/internal') return fallback;
  return error.message;
}
