// The public face of the notebook export module: its plugin, for app.ts.
export { notebookExportModule } from './notebook-export.plugin';
