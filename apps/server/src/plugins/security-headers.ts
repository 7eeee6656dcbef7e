import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The SPA loads only its own bundles, and the one inline script of its page, allowed by hash (the
 * theme, set before the first paint). Inline styles are allowed: the page carries its stylesheet,
 * and UI libraries set style attributes at run time.
 */
export function contentSecurityPolicy(appUrl: string, inlineScriptHashes: string[] = []) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Google accounts show the picture Google hosts.
    imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: appUrl.startsWith('https:') ? [] : null,
  };
}

/**
 * The headers helmet sets for `options`, worked out once: they are the same on every answer, and
 * building them per request cost more than our own code on the hot routes
 * (docs/performance.md, "Where the time goes").
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

/** Sets helmet's headers for `options` on every answer. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
