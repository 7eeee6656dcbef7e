// The public face of the health module: what other modules, app.ts and the CLI may use.
export { healthRoutes } from './health.routes';
export { createHealthService } from './health.service';
export { healthModule } from './health.plugin';
