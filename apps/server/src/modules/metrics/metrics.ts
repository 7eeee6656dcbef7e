import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '@/db/client';
import { openEventStreams } from '@/lib/sse';
import { currentCatalogVersion } from '@/modules/catalog';
import { onImportFinished } from '@/modules/content-import';
import { aiUsageByFeature, purchasesByStatus } from './metrics.repo';

/** Request durations, in seconds: from a cached catalogue read to a slow export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Imports take from a second (one exam) to many minutes (a million questions). */
const IMPORT_BUCKETS = [1, 5, 15, 60, 300, 900, 3600];

/**
 * This instance's metrics in Prometheus format (docs/deployment.md, "Metrics"). Request figures and
 * the process's are this instance's; payments, AI use and the catalogue are read from the database
 * at each scrape, so every instance reports the same totals (take one, not their sum).
 */
export function createMetrics(database: DatabaseHandle) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { db } = database;

  const requests = new Histogram({
    name: 'gabarita_http_request_duration_seconds',
    help: 'Requests answered, by method, route and status class, and how long each took.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const imports = new Histogram({
    name: 'gabarita_content_import_duration_seconds',
    help: 'Catalogue imports run by this instance, by outcome, and how long each took.',
    labelNames: ['outcome'] as const,
    buckets: IMPORT_BUCKETS,
    registers: [registry],
  });

  const stopHearingImports = onImportFinished((outcome, seconds) =>
    imports.observe({ outcome }, seconds),
  );

  new Gauge({
    name: 'gabarita_sse_streams',
    help: 'Server-Sent Event streams open now (tutor answers, payment and import progress).',
    registers: [registry],
    collect() {
      this.set(openEventStreams());
    },
  });

  const pool = database.poolState;
  if (pool) {
    new Gauge({
      name: 'gabarita_db_pool_connections',
      help: 'Database pool connections, by state (in use, idle) and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  const purchases = new Gauge({
    name: 'gabarita_purchases',
    help: 'Purchases by status.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const catalogVersion = new Gauge({
    name: 'gabarita_catalog_version',
    help: 'The catalogue version: each import or edit adds one.',
    registers: [registry],
  });
  // Totals kept in the database (users' usage per day and feature): counters in Prometheus' sense,
  // which only fall when a deleted account's rows go.
  const aiTokens = new Counter({
    name: 'gabarita_ai_tokens_total',
    help: 'AI tokens used by students, by feature and direction.',
    labelNames: ['feature', 'direction'] as const,
    registers: [registry],
  });
  const aiCost = new Counter({
    name: 'gabarita_ai_cost_usd_total',
    help: 'What the AI use of students cost, in US dollars, by feature.',
    labelNames: ['feature'] as const,
    registers: [registry],
  });

  async function readDatabase() {
    const [byStatus, usage, version] = await Promise.all([
      purchasesByStatus(db),
      aiUsageByFeature(db),
      currentCatalogVersion(db),
    ]);
    purchases.reset();
    for (const row of byStatus) purchases.set({ status: row.status }, row.total);
    aiTokens.reset();
    aiCost.reset();
    for (const row of usage) {
      aiTokens.inc({ feature: row.feature, direction: 'input' }, row.inputTokens);
      aiTokens.inc({ feature: row.feature, direction: 'output' }, row.outputTokens);
      aiCost.inc({ feature: row.feature }, row.costMicroUsd / 1e6);
    }
    catalogVersion.set(version);
  }

  return {
    contentType: registry.contentType,
    /** The exposition text, with the database's figures read now. */
    async scrape() {
      await readDatabase();
      return registry.metrics();
    },
    /** Times every request this app answers. */
    observeRequests(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        requests.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? 'unmatched',
            status_class: `${Math.floor(reply.statusCode / 100)}xx`,
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    /** Stops hearing imports. */
    close: stopHearingImports,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
