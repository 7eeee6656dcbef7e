// The public face of the content-import module: what other modules, app.ts and the CLI may use.
export { browserImportRoutes } from './browser-import.routes';
export { createBrowserImportService } from './browser-import.service';
export { readCommentary } from './commentary';
export { type ContentFiles, IMAGE_TYPES } from './content-files';
export { disciplineNames, upsertExam, upsertImages } from './content-import.repo';
export { createContentImportService, onImportFinished } from './content-import.service';
export { DEMO_CATALOG_DIR, loadDemoCatalogIfEmpty } from './demo-catalog';
export { examFilePath, exportExams, writeExamFile } from './export/catalog-export';
export { examAssetIds, examFile, type ExamFile, filePart } from './export/exam-file';
export { examsMissingComments, loadImageFiles, loadStoredExam } from './export/export.repo';
export { bundleImageWorker, checkImagesInWorkers, imageThreadPerCore } from './image-workers';
export { Fields } from './json-fields';
export { questionPath } from './option-blocks';
export { ProblemList } from './problems';
export { commentChanged, describeChanges, snapshotOf } from './question-snapshot';
export {
  appendVersion,
  examImportedAt,
  findVersion,
  listVersions,
  questionPlace,
  type VersionRow,
} from './question-versions.repo';
export { synthesizeCatalog } from './synth/synthesize';
export { validateContent } from './validate-content';
export { contentImportPersonalData } from './personal-data';
export { contentImportModule } from './content-import.plugin';
