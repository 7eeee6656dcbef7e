// The public face of the consents module: what other modules, app.ts and the CLI may use.
export { consentsRoutes } from './consents.routes';
export { createConsentsService, recordConsents } from './consents.service';
export { consentsPersonalData } from './personal-data';
export { consentsModule } from './consents.plugin';
