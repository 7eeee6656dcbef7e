// The public face of the billing module: what other modules, app.ts and the CLI may use.
export { billingRoutes } from './billing.routes';
export { type BillingService, createBillingService } from './billing.service';
export { createPixProvider, providerCallMs } from './pix/providers';
export { startPaymentReconciler } from './reconciler';
export { sandboxRoutes } from './sandbox.routes';
export { billingPersonalData, PURCHASE_RETENTION_YEARS } from './personal-data';
export { billingModule, billingSandboxModule } from './billing.plugin';
