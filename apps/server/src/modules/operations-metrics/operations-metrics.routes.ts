import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessMetricsQuerySchema, businessMetricsSchema } from '@gabarita/shared';
import type { OperationsMetricsService } from './operations-metrics.service';

/**
 * The business's numbers (docs/product-rules.md, "Operations console", "Numbers"): admins only,
 * since revenue and margin are the business's, not what support needs to help a customer.
 */
export const operationsMetricsRoutes: FastifyPluginAsyncZod<{
  metrics: OperationsMetricsService;
}> = async (app, { metrics }) => {
  app.get(
    '/admin/metrics',
    {
      config: { access: 'admin' },
      schema: { querystring: businessMetricsQuerySchema, response: { 200: businessMetricsSchema } },
    },
    async (request) => metrics.metrics(request.query),
  );
};
