// The public face of the entitlements module: what other modules, app.ts and the CLI may use.
export { type EntitlementRow, findEntitlement } from './entitlements.repo';
export { createEntitlementsService } from './entitlements.service';
export { accountTypeOf, planOf } from './plan';
export { entitlementsPersonalData } from './personal-data';
