// The public face of the metrics module: what other modules, app.ts and the CLI may use.
export { createMetrics } from './metrics';
export { metricsRoutes } from './metrics.routes';
export { metricsModule } from './metrics.plugin';
