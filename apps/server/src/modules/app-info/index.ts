// The public face of the app-info module: what other modules, app.ts and the CLI may use.
export { appInfoRoutes } from './app-info.routes';
export { appInfoModule } from './app-info.plugin';
