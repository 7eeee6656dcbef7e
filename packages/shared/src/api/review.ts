import { z } from 'zod/mini';
import { text } from '../validation';
import { alternativeSchema, figureSchema } from './catalog';

/**
 * The review queue shared by notebook questions and flashcards, scheduled by FSRS
 * (docs/product-rules.md, "Review").
 */
export const REVIEW_MESSAGES = {
  todayTitle: 'Revisão de hoje',
  queueLoadFailed: 'Não foi possível carregar a revisão de hoje. Tente novamente.',
  queueEmpty: 'Nada para revisar hoje. Erros novos e cartões entram aqui no dia seguinte.',
  itemNotFound: 'Este item não está mais na sua revisão.',
  reviewTooOld: 'Esta revisão foi feita há mais de 30 dias e não pode mais ser registrada.',
  invalidRating: 'Escolha Errei, Difícil, Bom ou Fácil.',
  invalidRetention: 'Escolha uma retenção entre 70% e 97%.',
  flashcardNotFound: 'Cartão não encontrado.',
  flashcardFrontRequired: 'Escreva a frente do cartão.',
  flashcardBackRequired: 'Escreva o verso do cartão.',
  questionNotInNotebook: 'Só é possível criar cartões das questões do seu caderno de erros.',
  unknownDiscipline: 'Escolha uma disciplina da lista.',
  retentionTrade:
    'Quanto maior a retenção, mais você lembra na hora da prova, mas mais revisões aparecem por dia: de 90% para 95%, elas mais que dobram; de 90% para 80%, caem para cerca de um terço.',
} as const;

/** ts-fsrs ratings, as Anki numbers them (and as the keys 1–4 choose them). */
export const REVIEW_RATINGS = [1, 2, 3, 4] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];
export const REVIEW_RATING_LABELS: Record<ReviewRating, string> = {
  1: 'Errei',
  2: 'Difícil',
  3: 'Bom',
  4: 'Fácil',
};

export const DESIRED_RETENTION_DEFAULT = 0.9;
export const DESIRED_RETENTION_MIN = 0.7;
export const DESIRED_RETENTION_MAX = 0.97;
/** How far back a review made offline may be sent. */
export const REVIEW_MAX_AGE_DAYS = 30;
/** The window of the retention shown on the performance page. */
export const RETENTION_WINDOW_DAYS = 30;
/** Fewer reviews of a discipline than this in the window tell too little to judge against the goal. */
export const RETENTION_MIN_REVIEWS = 10;

export const FLASHCARD_FRONT_MAX = 2000;
export const FLASHCARD_BACK_MAX = 6000;

export const reviewSettingsSchema = z.object({
  desiredRetention: z
    .number(REVIEW_MESSAGES.invalidRetention)
    .check(
      z.gte(DESIRED_RETENTION_MIN, REVIEW_MESSAGES.invalidRetention),
      z.lte(DESIRED_RETENTION_MAX, REVIEW_MESSAGES.invalidRetention),
    ),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

const cardText = (max: number, required: string) =>
  text(max, undefined, required).check(z.refine((value) => value.trim().length > 0, required));

export const flashcardInputSchema = z.object({
  front: cardText(FLASHCARD_FRONT_MAX, REVIEW_MESSAGES.flashcardFrontRequired),
  back: cardText(FLASHCARD_BACK_MAX, REVIEW_MESSAGES.flashcardBackRequired),
  /** Discipline code; empty or absent for none. */
  disciplineCode: z.optional(z.nullable(text(100))),
  subject: z.optional(z.nullable(text(200))),
});
export type FlashcardInput = z.infer<typeof flashcardInputSchema>;

export const flashcardFromQuestionSchema = z.object({
  questionId: text(300).check(z.minLength(1, REVIEW_MESSAGES.questionNotInNotebook)),
});

export const flashcardParamsSchema = z.object({ id: z.uuid(REVIEW_MESSAGES.flashcardNotFound) });

export const flashcardSchema = z.object({
  /** The card's stable id (its GUID in exports). */
  id: z.string(),
  front: z.string(),
  back: z.string(),
  disciplineCode: z.nullable(z.string()),
  disciplineName: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  sourceQuestionId: z.nullable(z.string()),
  /** Why the card may be out of date (its question was retired or its key or comment changed). */
  flaggedBecause: z.nullable(z.string()),
  dueDay: z.string(),
  createdAt: z.string(),
});
export type Flashcard = z.infer<typeof flashcardSchema>;

export const flashcardListResponseSchema = z.object({ items: z.array(flashcardSchema) });

export const reviewPreviewSchema = z.object({
  rating: z.int(),
  /** São Paulo day it would be due again. */
  dueDay: z.string(),
  /** Days from today to that day ('Bom · 4 dias'). */
  days: z.int(),
});
export type ReviewPreview = z.infer<typeof reviewPreviewSchema>;

const queueItemBase = {
  /** The item's stable id: the notebook question's or the card's GUID. */
  id: z.string(),
  dueDay: z.string(),
  /** What each rating would do now, Errei to Fácil. */
  previews: z.array(reviewPreviewSchema),
};

export const reviewQueueItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('question'),
    ...queueItemBase,
    question: z.object({
      id: z.string(),
      number: z.int(),
      disciplineName: z.string(),
      subject: z.string(),
      statementHtml: z.string(),
      alternatives: z.array(alternativeSchema),
      /** The student answered and checked it before: the key is theirs to see. */
      answerLetter: z.string(),
      /** The images its statement and alternatives show, kept with the queue for use offline. */
      figures: z.array(figureSchema),
    }),
  }),
  z.object({ kind: z.literal('flashcard'), ...queueItemBase, flashcard: flashcardSchema }),
]);
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueResponseSchema = z.object({
  /** Items due today or before. */
  dueCount: z.int(),
  /** Rounded up, at the minutes per item of docs/product-rules.md, "Review". */
  estimatedMinutes: z.int(),
  desiredRetention: z.number(),
  items: z.array(reviewQueueItemSchema),
});
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;

export const reviewRequestSchema = z.object({
  /** Made by the device for this review: sending it again changes nothing. */
  clientId: z.uuid(),
  itemId: z.uuid(REVIEW_MESSAGES.itemNotFound),
  rating: z
    .int(REVIEW_MESSAGES.invalidRating)
    .check(z.gte(1, REVIEW_MESSAGES.invalidRating), z.lte(4, REVIEW_MESSAGES.invalidRating)),
  /** When the review was made, on the device (ISO 8601). */
  reviewedAt: z.iso.datetime({ offset: true }),
  /** The letter chosen, for a notebook question: a wrong one is Errei whatever the rating. */
  letter: z.optional(text(1)),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const reviewResultSchema = z.object({
  clientId: z.string(),
  itemId: z.string(),
  rating: z.int(),
  /** False when a later review of the item (on another device) had already been recorded. */
  applied: z.boolean(),
  dueDay: z.string(),
  days: z.int(),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

export const retentionResponseSchema = z.object({
  desiredRetention: z.number(),
  windowDays: z.int(),
  disciplines: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      reviews: z.int(),
      /** Reviews not rated Errei. */
      remembered: z.int(),
    }),
  ),
});
export type RetentionResponse = z.infer<typeof retentionResponseSchema>;
