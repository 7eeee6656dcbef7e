import { z } from 'zod/mini';

const scoreSchema = z.object({
  answered: z.int(),
  correct: z.int(),
  wrong: z.int(),
  /** Percentage of correct answers, 0 to 100, one decimal. */
  successRate: z.number(),
});

export const subjectPerformanceSchema = z.extend(scoreSchema, { name: z.string() });

export const disciplinePerformanceSchema = z.extend(scoreSchema, {
  code: z.string(),
  name: z.string(),
  /** Sorted like the disciplines: success rate, then more answered, then name. */
  subjects: z.array(subjectPerformanceSchema),
});

export const historySummaryResponseSchema = z.object({
  totals: scoreSchema,
  /**
   * By discipline and subject, sorted by success rate (descending; ties: more answered first, then
   * name). Statistics are a Premium feature: null for free accounts.
   */
  disciplines: z.nullable(z.array(disciplinePerformanceSchema)),
});

export type Score = z.infer<typeof scoreSchema>;
export type SubjectPerformance = z.infer<typeof subjectPerformanceSchema>;
export type DisciplinePerformance = z.infer<typeof disciplinePerformanceSchema>;
export type HistorySummaryResponse = z.infer<typeof historySummaryResponseSchema>;

/** Progress over time (docs/product-rules.md, "History and performance"). */
export const PROGRESS_DAYS = 30;
export const PROGRESS_WEEKS = 12;
export const progressQuerySchema = z.object({
  by: z._default(z.enum(['disciplina', 'banca']), 'disciplina'),
});

const progressCountSchema = z.object({
  answered: z.int(),
  correct: z.int(),
  /** 0 to 100, one decimal; null without answers. */
  successRate: z.nullable(z.number()),
});

export const progressResponseSchema = z.object({
  by: z.enum(['disciplina', 'banca']),
  /** The last PROGRESS_DAYS São Paulo days, oldest first, days without answers included. */
  days: z.array(z.extend(progressCountSchema, { day: z.string() })),
  /** The disciplines or boards answered in the period, most answered first. */
  groups: z.array(z.object({ key: z.string(), name: z.string(), answered: z.int() })),
  /** The last PROGRESS_WEEKS ISO weeks (Monday to Sunday), oldest first, with each group's share. */
  weeks: z.array(
    z.extend(progressCountSchema, {
      /** The Monday, 'YYYY-MM-DD'. */
      weekStart: z.string(),
      groups: z.array(z.extend(progressCountSchema, { key: z.string() })),
    }),
  ),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;
export type ProgressGrouping = ProgressResponse['by'];
