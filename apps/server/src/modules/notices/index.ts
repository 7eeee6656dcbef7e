// The public face of the notices module: what other modules, app.ts and the CLI may use.
export { noticesRoutes } from './notices.routes';
export { createNoticesService, postNotices } from './notices.service';
export { noticesPersonalData } from './personal-data';
export { noticesModule } from './notices.plugin';
