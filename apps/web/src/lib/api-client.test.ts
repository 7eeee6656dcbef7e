import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionResponseSchema } from '@gabarita/shared';
import {
  ApiError,
  apiRequest,
  errorMessage,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  noContent,
} from './api-client';

const schema = sessionResponseSchema;

async function requestError(): Promise<ApiError> {
  const error: unknown = await apiRequest('/thing', schema).catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the parsed body and calls /api with JSON headers', async () => {
    const fetchMock = vi.fn(async () => Response.json({ user: null, extra: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/thing', schema)).resolves.toEqual({ user: null });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/thing',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('sends a JSON body', async () => {
    const fetchMock = vi.fn(async () => Response.json({ user: null }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/thing', schema, { method: 'POST', body: { a: 1 } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/thing',
      expect.objectContaining({
        body: '{"a":1}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('sends `{}` as JSON on a write without data', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/auth/logout', noContent, { method: 'POST' })).resolves.toBe(
      undefined,
    );
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBe('{}');
    expect(init.headers).toEqual(expect.objectContaining({ 'Content-Type': 'application/json' }));
  });

  it('sends no body and no Content-Type on GET', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ user: null }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/thing', schema);
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('sends a FormData body as is, leaving the multipart Content-Type to the browser', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ user: null }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/png' }), 'photo.png');
    await apiRequest('/me/photo', schema, { method: 'PUT', body: form });
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('throws the status, code and message of the error envelope', async () => {
    const envelope = {
      error: { code: 'auth/invalid-credentials', message: 'E-mail ou senha incorretos.' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(envelope, { status: 401 })),
    );
    const error = await requestError();
    expect(error.status).toBe(401);
    expect(error.code).toBe('auth/invalid-credentials');
    expect(error.message).toBe('E-mail ou senha incorretos.');
  });

  it('falls back to a Portuguese message when the error has no envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Bad Gateway', { status: 502 })),
    );
    const error = await requestError();
    expect(error.status).toBe(502);
    expect(error.code).toBe('server/unavailable');
    expect(error.message).toMatch(/temporariamente indisponível/);
  });

  it('turns a network failure into a Portuguese ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await requestError();
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('rejects a body that does not match the schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ user: 'ana' })),
    );
    const error = await requestError();
    expect(error.code).toBe('response/invalid');
    expect(error.message).toBe(INVALID_RESPONSE_MESSAGE);
  });
});

describe('errorMessage', () => {
  it("uses the server's message, and the fallback when there is none worth showing", () => {
    const api = (code: string) => new ApiError({ status: 400, code, message: `m:${code}` });
    expect(errorMessage(api('auth/weak-password'), 'fb')).toBe('m:auth/weak-password');
    expect(errorMessage(api('response/invalid'), 'fb')).toBe('fb');
    expect(errorMessage(api('server/internal'), 'fb')).toBe('fb');
    expect(errorMessage(new Error('boom'), 'fb')).toBe('fb');
  });
});
