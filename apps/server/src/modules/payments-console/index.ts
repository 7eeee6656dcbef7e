// The public face of the payments-console module: what other modules, app.ts and the CLI may use.
export { paymentsConsoleRoutes } from './payments-console.routes';
export { createPaymentsConsoleService } from './payments-console.service';
export { paymentsConsoleModule } from './payments-console.plugin';
