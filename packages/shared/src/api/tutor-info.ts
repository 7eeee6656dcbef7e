import { z } from 'zod/mini';

// Apart from the tutor's other schemas: every screen needs to know who writes the tutor's texts
// (app-info), and only the tutor's own screens need the rest.

/** Where the tutor's texts come from: the offline tutor (default), Gemini or an OpenAI-compatible server. */
export const AI_PROVIDERS = ['offline', 'gemini', 'openai-compatible'] as const;
export const aiProviderSchema = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof aiProviderSchema>;

/**
 * Who wrote a text. `languageModel` is false for the offline tutor: its texts are assembled from
 * the question's data and must never be presented as AI (show AI_MESSAGES.offlineTutorNotice).
 */
export const tutorInfoSchema = z.object({
  provider: aiProviderSchema,
  model: z.string(),
  languageModel: z.boolean(),
});
export type TutorInfo = z.infer<typeof tutorInfoSchema>;
