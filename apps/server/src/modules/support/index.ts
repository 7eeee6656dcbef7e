// The public face of the support module: what other modules, app.ts and the CLI may use.
export { helpInboxRoutes } from './help-inbox.routes';
export { createHelpInboxService } from './help-inbox.service';
export { supportRoutes } from './support.routes';
export { createSupportService } from './support.service';
export { supportPersonalData } from './personal-data';
export { supportModule } from './support.plugin';
