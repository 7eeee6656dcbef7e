// The public face of the study module: what other modules, app.ts and the CLI may use.
export { marksFromMemory } from './catalog-marks';
export { createCommentaryService } from './commentary.service';
export { createPerformanceService } from './performance.service';
export { createReviewService, type ReviewService } from './review.service';
export { simuladoRoutes } from './simulado.routes';
export { createSimuladoService } from './simulado.service';
export { createStudyMarks } from './study-marks';
export { lockQuestionKey } from './study.repo';
export { studyRoutes } from './study.routes';
export { createStudyService, type StudyService } from './study.service';
export { verifyStudyData } from './study-verify';
export { answersTo, finishedSimuladosWith, rescoreAfterKeyChange } from './key-change';
export { studyPersonalData } from './personal-data';
export { studyModule } from './study.plugin';
