// The public face of the operations-metrics module: what other modules, app.ts and the CLI may use.
export { operationsMetricsRoutes } from './operations-metrics.routes';
export { createOperationsMetricsService } from './operations-metrics.service';
export { operationsMetricsModule } from './operations-metrics.plugin';
