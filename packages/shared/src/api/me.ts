import { z } from 'zod/mini';
import { AUTH_MESSAGES } from '../messages/auth';
import { text } from '../validation';
import { NAME_MAX_LENGTH } from './auth';
import { sessionUserSchema } from './session';

export const PHOTO_MAX_SIDE = 256;
export const PHOTO_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const planSchema = z.object({
  /** When the current premium period started (ISO timestamp), null if never premium. */
  startedAt: z.nullable(z.string()),
  /** Last São Paulo day of validity, YYYY-MM-DD; null if never premium. */
  endsOn: z.nullable(z.string()),
  /** End of validity as an instant: 23:59:59 of endsOn in São Paulo (ISO timestamp). */
  endsAt: z.nullable(z.string()),
  /** Whole days after today still covered; 0 = expires today; negative = expired; null = never. */
  daysRemaining: z.nullable(z.int()),
});

export const meResponseSchema = z.extend(sessionUserSchema, {
  plan: planSchema,
  lastSeenAt: z.nullable(z.string()),
  createdAt: z.string(),
});

export const updateNameRequestSchema = z.object({
  name: text(NAME_MAX_LENGTH).check(z.trim(), z.minLength(1, AUTH_MESSAGES.nameRequired)),
});

export const photoResponseSchema = z.object({ photoUrl: z.string() });

export type MeResponse = z.infer<typeof meResponseSchema>;
export type Plan = z.infer<typeof planSchema>;
