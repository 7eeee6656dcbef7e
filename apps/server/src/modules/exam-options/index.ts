// The public face of the exam-options module: what other modules, app.ts and the CLI may use.
export { examOptionRoutes } from './exam-option.routes';
export { chosenOptionOf, createExamOptionService } from './exam-option.service';
export { examOptionsPersonalData } from './personal-data';
export { examOptionsModule } from './exam-options.plugin';
