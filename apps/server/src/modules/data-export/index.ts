// The public face of the data-export module: what other modules, app.ts and the CLI may use.
export { dataExportRoutes } from './data-export.routes';
export { createDataExportService } from './data-export.service';
export { dataExportPersonalData } from './personal-data';
export { dataExportModule } from './data-export.plugin';
