// The public face of the notices module: what other modules, app.ts and the CLI may use.
export { insertNotices } from './notices.repo';
export { noticesRoutes } from './notices.routes';
export { createNoticesService } from './notices.service';
