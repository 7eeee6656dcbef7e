// The public face of the editorial module: what other modules, app.ts and the CLI may use.
export { answerKeyRoutes } from './answer-key.routes';
export { createAnswerKeyService } from './answer-key.service';
export { createImageReplacementService } from './image-replacement.service';
export { questionEditorRoutes } from './question-editor.routes';
export { createQuestionEditorService } from './question-editor.service';
export { reportTriageRoutes } from './report-triage.routes';
export { createReportTriageService } from './report-triage.service';
export { editorialPersonalData } from './personal-data';
export { editorialModule } from './editorial.plugin';
