import { z } from 'zod/mini';

// Apart from the other sign-in schemas: every screen reads the session, only the sign-in screens
// the rest.

export const accountProviderSchema = z.enum(['password', 'google']);
export const accountTypeSchema = z.enum(['free', 'premium']);
export const userRoleSchema = z.enum(['user', 'editor', 'support', 'admin']);

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  photoUrl: z.nullable(z.string()),
  provider: accountProviderSchema,
  role: userRoleSchema,
  accountType: accountTypeSchema,
});

export const sessionResponseSchema = z.object({
  user: z.nullable(sessionUserSchema),
});

export type AccountProvider = z.infer<typeof accountProviderSchema>;
export type AccountType = z.infer<typeof accountTypeSchema>;
export type UserRole = z.infer<typeof userRoleSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
