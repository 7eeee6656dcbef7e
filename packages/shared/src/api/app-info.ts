import { z } from 'zod/mini';
import { tutorInfoSchema } from './tutor-info';

/** What this server is set up with, as far as the screens need to know (public). */
export const appInfoResponseSchema = z.object({
  /** The team's contact address (SUPPORT_EMAIL); null when the server has none configured. */
  supportEmail: z.nullable(z.string()),
  /**
   * Who writes the tutor's texts on this server. With the offline tutor (`languageModel` false) the
   * screens say it is not a language model and how to configure one (AI_MESSAGES).
   */
  tutor: tutorInfoSchema,
  /** Where holders of personal data write (PRIVACY_EMAIL, else SUPPORT_EMAIL); null when neither is set. */
  privacyEmail: z.nullable(z.string()),
  /** How long each kind of record is kept, in days (the privacy policy shows them). */
  retentionDays: z.object({
    aiChats: z.int(),
    devOutbox: z.int(),
    dataExports: z.int(),
  }),
});

export type AppInfoResponse = z.infer<typeof appInfoResponseSchema>;
