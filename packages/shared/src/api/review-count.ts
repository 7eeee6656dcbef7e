import { z } from 'zod/mini';

/**
 * GET /me/review/today/count: the size of the day's review queue (docs/product-rules.md, "Review"),
 * for the home page and the menu. A file of its own: the home page needs only this of the review's
 * schemas.
 */
export const reviewCountResponseSchema = z.object({
  /** Questions and cards due today or before, as many as the day's queue holds. */
  dueCount: z.int(),
  /** Rounded up, at the minutes per item of docs/product-rules.md, "Review". */
  estimatedMinutes: z.int(),
});
export type ReviewCountResponse = z.infer<typeof reviewCountResponseSchema>;
