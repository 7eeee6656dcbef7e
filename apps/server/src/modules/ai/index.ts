// The public face of the ai module: what other modules, app.ts and the CLI may use.
export { aiRoutes } from './ai.routes';
export { type AiService, createAiService } from './ai.service';
export { type BasisChangeInput, recordBasisChange } from './basis-changes';
export {
  CHAT_HONESTY_BAR,
  chatEvaluationTable,
  chatHonesty,
  chatHonestySummary,
  evaluateChat,
  type EvaluatedReply,
  loadChatEvalSet,
} from './tutor-chat-eval';
export { commentAgreement, evaluateTutor, evaluationTable } from './tutor-eval';
export { rasterForModel } from './tutor/images';
export { toTutorNotes, toTutorQuestion } from './tutor/material';
export { notesBlock, questionBlock } from './tutor/prompts';
export { countPromptTokens } from './tutor/token-count';
export { acceptedUsage, createTutor, type Tutor, usageCeiling } from './tutor/tutor';
export { type TutorQuestion, type TutorStudyNotes } from './tutor/tutor-task';
export { aiPersonalData } from './personal-data';
export { aiModule } from './ai.plugin';
