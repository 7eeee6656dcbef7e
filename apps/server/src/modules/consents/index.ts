// The public face of the consents module: what other modules, app.ts and the CLI may use.
export { insertConsents } from './consents.repo';
export { consentsRoutes } from './consents.routes';
export { consentEntries, createConsentsService } from './consents.service';
export { consentsPersonalData } from './personal-data';
export { consentsModule } from './consents.plugin';
