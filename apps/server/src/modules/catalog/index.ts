// The public face of the catalog module: what other modules, app.ts and the CLI may use.
export { createCatalogCache } from './catalog-cache';
export { type MarksSource } from './catalog-marks';
export { currentCatalogVersion, recordCatalogChange } from './catalog-changes';
export {
  catalogNames,
  findImage,
  findQuestionKey,
  QUESTION_CARD_EXAM_COLUMNS,
} from './catalog.repo';
export { catalogRoutes } from './catalog.routes';
export { type CatalogService, createCatalogService } from './catalog.service';
export { buildExamIndex, saveExamIndexSnapshot } from './exam-index-store';
export { examBoardLabel, examName } from './exam-label';
export { figureAssetIds, figuresOf, type TutorMaterial } from './question-detail';
export { type QuestionResultRow, toQuestionResultCard } from './question-result-card';
export { catalogModule } from './catalog.plugin';
