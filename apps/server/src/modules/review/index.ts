/**
 * Spaced review (docs/product-rules.md, "Review"): the FSRS state of the notebook's questions and of
 * the student's flashcards, the day's queue, the review log and the desired retention. Other modules
 * reach it through this file only.
 */
export { createReviewQueueService, type ReviewQueueService } from './review.service';
export { reviewQueueRoutes } from './review.routes';
export { reviewModule } from './review.plugin';
export { answerMovesQuestion, reviewQuestionAnswer, type NotebookPlace } from './answers';
export { flagQuestionCards } from './flags';
export {
  readReviewPersonalData,
  reviewExportFile,
  type ReviewPersonalData,
} from './personal-data.repo';
export { reviewPersonalData } from './personal-data';
