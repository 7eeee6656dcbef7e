import { z } from 'zod';

/** What this server is set up with, as far as the screens need to know (public). */
export const appInfoResponseSchema = z.object({
  /** The team's contact address (SUPPORT_EMAIL); null when the server has none configured. */
  supportEmail: z.string().nullable(),
});

export type AppInfoResponse = z.infer<typeof appInfoResponseSchema>;
