import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '@/lib/errors';
import type { Metrics } from './metrics';

// Digests of equal length, so that the comparison takes the same time whatever was sent.
const digest = (value: string) => createHash('sha256').update(value).digest();

/** GET /metrics for a Prometheus scraper sending METRICS_TOKEN as its bearer token. */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string }> = async (
  app,
  { metrics, token },
) => {
  const expected = digest(token);
  app.get(
    '/metrics',
    {
      // Public to the access check: the token below is its credential.
      config: { access: 'public' },
      onRequest: async (request) => {
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!timingSafeEqual(digest(given), expected)) throw AppError.common('auth/forbidden', 403);
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.scrape()),
  );
};
