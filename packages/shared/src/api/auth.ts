import { z } from 'zod';

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
  provider: z.enum(['password', 'google']),
  accountType: z.enum(['free', 'premium']),
});

export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
