import http from 'node:http';

export const APP_ORIGIN = 'http://localhost:3000';

export interface ClientResponse {
  /** The request it answers ('GET /api/me'), for messages. */
  route: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as JSON (throws when it is not). */
  json<T = unknown>(): T;
}

/**
 * A browser-like HTTP client for one client address: its sockets are bound to `address` (any
 * 127.x.y.z on Linux's loopback), so nginx sees it as that visitor. Keep-alive, like a browser,
 * and the same-origin headers the web app sends.
 */
export function clientAt(baseUrl: string, address = '127.0.0.1') {
  const agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 16 });
  const base = new URL(baseUrl);

  function request(
    method: string,
    url: string,
    options: {
      body?: unknown;
      cookie?: string;
      headers?: Record<string, string>;
      /** Raw JSON text, sent as it is (a provider's notification). */
      text?: string;
      /** No Origin header: a server-to-server call, not the web app. */
      noOrigin?: boolean;
    } = {},
  ): Promise<ClientResponse> {
    const payload =
      options.text ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method,
          path: url,
          agent,
          headers: {
            ...(options.noOrigin ? {} : { origin: APP_ORIGIN }),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({
              route: `${method} ${url}`,
              status: res.statusCode ?? 0,
              headers: res.headers,
              body,
              json: <T>() => JSON.parse(body) as T,
            });
          });
        },
      );
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url}: no answer in 30 s`)));
      req.end(payload);
    });
  }

  return {
    address,
    request,
    get: (url: string, cookie?: string) => request('GET', url, { cookie }),
    post: (url: string, body: unknown, cookie?: string) => request('POST', url, { body, cookie }),
    put: (url: string, body: unknown, cookie?: string) => request('PUT', url, { body, cookie }),
    close: () => agent.destroy(),
  };
}

export type Client = ReturnType<typeof clientAt>;

/** The "name=value" of the session cookie a response sets. */
export function sessionCookieOf(response: ClientResponse): string {
  const setCookie = [response.headers['set-cookie'] ?? []].flat().join('\n');
  const cookie = /gabarita_session=[^;]+/.exec(setCookie)?.[0];
  if (!cookie) throw new Error(`no session cookie in ${response.status} ${response.body}`);
  return cookie;
}
