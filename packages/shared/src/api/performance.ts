import { z } from 'zod';

const scoreSchema = z.object({
  answered: z.number().int(),
  correct: z.number().int(),
  wrong: z.number().int(),
  /** Percentage of correct answers, 0 to 100, one decimal. */
  successRate: z.number(),
});

export const subjectPerformanceSchema = scoreSchema.extend({ name: z.string() });

export const disciplinePerformanceSchema = scoreSchema.extend({
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
  disciplines: z.array(disciplinePerformanceSchema).nullable(),
});

export type Score = z.infer<typeof scoreSchema>;
export type SubjectPerformance = z.infer<typeof subjectPerformanceSchema>;
export type DisciplinePerformance = z.infer<typeof disciplinePerformanceSchema>;
export type HistorySummaryResponse = z.infer<typeof historySummaryResponseSchema>;
