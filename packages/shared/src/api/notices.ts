import { z } from 'zod/mini';

export const userNoticeSchema = z.object({
  id: z.number(),
  text: z.string(),
  link: z.nullable(z.string()),
  createdAt: z.string(),
});
export type UserNotice = z.infer<typeof userNoticeSchema>;

/** GET /api/me/notices: the notices not yet dismissed, newest first. */
export const userNoticesSchema = z.object({ notices: z.array(userNoticeSchema) });

/** POST /api/me/notices/seen: dismisses these (only the caller's own). */
export const noticesSeenSchema = z.object({
  ids: z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1), z.maxLength(100)),
});
