import { z } from 'zod/mini';
import { STUDY_TOOLS_MESSAGES } from '../messages/study-tools';
import { optionalText } from '../validation';
import { examFiltersSchema, questionCardSchema } from './catalog';

export const SEARCH_PAGE_SIZE = 20;
/** Results are counted up to this many; beyond it the screen says 'mais de 1.000'. */
export const SEARCH_COUNT_LIMIT = 1000;
/** Longest search text accepted. */
export const SEARCH_TEXT_MAX = 200;

/** 'My status' filter of the question search (docs/product-rules.md, "Question search"). */
export const SEARCH_STATUSES = ['nao-resolvidas', 'acertei', 'errei'] as const;
export const searchStatusSchema = z.enum(SEARCH_STATUSES, STUDY_TOOLS_MESSAGES.invalidStatus);
export type SearchStatus = z.infer<typeof searchStatusSchema>;
export const SEARCH_STATUS_LABELS: Record<SearchStatus, string> = {
  'nao-resolvidas': 'Não resolvidas',
  acertei: 'Acertei',
  errei: 'Errei',
};

export const questionSearchFiltersSchema = z.extend(examFiltersSchema, {
  q: optionalText(SEARCH_TEXT_MAX),
  status: z.optional(searchStatusSchema),
});
export type QuestionSearchFilters = z.infer<typeof questionSearchFiltersSchema>;

export const questionSearchQuerySchema = z.extend(questionSearchFiltersSchema, {
  cursor: optionalText(300),
});

export const searchQuestionCardSchema = z.extend(questionCardSchema, {
  examLabel: z.string(),
  /** The start of the statement as plain text. */
  excerpt: z.string(),
});
export type SearchQuestionCard = z.infer<typeof searchQuestionCardSchema>;

export const questionSearchResponseSchema = z.object({
  items: z.array(searchQuestionCardSchema),
  /** Matching questions, counted up to SEARCH_COUNT_LIMIT. */
  total: z.int(),
  /** More than `total` match. */
  totalCapped: z.boolean(),
  nextCursor: z.nullable(z.string()),
});
export type QuestionSearchResponse = z.infer<typeof questionSearchResponseSchema>;

export const reviewQuerySchema = z.object({
  disciplina: optionalText(100),
  assunto: optionalText(200),
});

export const reviewItemSchema = z.extend(searchQuestionCardSchema, {
  /** Right answers in a row since the last mistake. */
  step: z.int(),
  /** São Paulo day ('YYYY-MM-DD') FSRS has it due (docs/product-rules.md, "Review"). */
  dueDay: z.nullable(z.string()),
  due: z.boolean(),
  lastWrongAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewResponseSchema = z.object({
  /** Due today or before, over the whole notebook (filters aside). */
  dueToday: z.int(),
  /** Items in the notebook, over the whole notebook. */
  total: z.int(),
  /** Due first, then by due day, then the most recent mistakes. */
  items: z.array(reviewItemSchema),
  /** Disciplines and subjects present in the notebook, for the filters. */
  disciplines: z.array(
    z.object({ code: z.string(), name: z.string(), subjects: z.array(z.string()) }),
  ),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

/** Fewest first answers before a question's crowd stats are shown. */
export const CROWD_STATS_MIN_USERS = 10;

export const questionStatsResponseSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false) }),
  z.object({
    available: z.literal(true),
    /** Whole percentages of first answers; they may not add up to 100 by rounding. */
    correctPercent: z.int(),
    alternatives: z.array(z.object({ letter: z.string(), percent: z.int() })),
  }),
]);
export type QuestionStats = z.infer<typeof questionStatsResponseSchema>;
