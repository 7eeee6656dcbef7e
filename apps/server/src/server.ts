import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ID_MAX_LENGTH } from '@gabarita/shared';
import type { AppDependencies } from './app';
import type { AppConfig, TrustProxy } from './config';
import { createMetrics } from '@/modules/metrics';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './plugins/error-handler';
import { readIndexPages } from './plugins/index-page';
import { registerRequestGuard } from './plugins/request-guard';
import { contentSecurityPolicy, registerSecurityHeaders } from './plugins/security-headers';

/**
 * A request line in absolute form (`POST http://host/api/...`, which HTTP/1.1 servers must accept)
 * is rewritten to its path before routing, so every hook decides on the same path the router does.
 */
function originForm(request: { url?: string }): string {
  const url = request.url ?? '/';
  if (url.startsWith('/')) return url;
  try {
    const { pathname, search } = new URL(url);
    return pathname + search;
  } catch {
    return url;
  }
}

/** Headers must arrive within this; the whole request within REQUEST_TIMEOUT_SECONDS. */
const HEADERS_TIMEOUT_MS = 20_000;

/** A hop count means: trust that many proxies nearest to us. */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The Fastify instance with the HTTP layer every route shares (buildApp, app.ts): its options,
 * the zod compilers, the error envelope, request ids, metrics of requests, security headers,
 * cookies, multipart and the request guard.
 */
export async function createServer(config: AppConfig, deps: AppDependencies) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      ...(config.nodeEnv === 'development' && process.stdout.isTTY && !deps.logStream
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
        : {}),
    },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    rewriteUrl: originForm,
    // A client trickling its headers or body holds a socket only this long (checked each second).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // Long enough for any id the schemas accept, even percent-encoded; the schemas decide.
    routerOptions: { maxParamLength: ID_MAX_LENGTH * 3 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Only when something may read them (docs/deployment.md, "Metrics").
  const metrics = config.metricsToken ? createMetrics(deps.database) : undefined;
  if (metrics) {
    metrics.observeRequests(app);
    app.addHook('onClose', async () => metrics.close());
  }

  const secureCookies = config.appUrl.startsWith('https:');
  // Read once: every page navigation answers it, and the CSP allows its inline script.
  const indexPages = readIndexPages(config.webDistDir);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: contentSecurityPolicy(config.appUrl, indexPages?.inlineScriptHashes),
    },
    strictTransportSecurity: secureCookies,
    // Google sign-in runs in a popup that must be able to report back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  registerRequestGuard(app, config.appUrl);

  return { app, indexPages, metrics, secureCookies };
}
