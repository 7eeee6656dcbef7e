import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

export const accountProviderSchema = z.enum(['password', 'google']);
export const accountTypeSchema = z.enum(['free', 'premium']);

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
  provider: accountProviderSchema,
  accountType: accountTypeSchema,
});

export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
});

/** Which sign-in methods this server offers (the Google button is hidden when it is not set up). */
export const authProvidersResponseSchema = z.object({
  google: z.boolean(),
});

// Inputs are checked on the server with these schemas; the server answers the spec's messages.
const email = z.string().trim().max(254);

export const signupRequestSchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  email,
  password: z.string().max(PASSWORD_MAX_LENGTH),
});

export const loginRequestSchema = z.object({
  email,
  password: z.string().max(PASSWORD_MAX_LENGTH),
});

export const emailRequestSchema = z.object({ email });
export const oobCodeRequestSchema = z.object({ oobCode: z.string().min(1).max(200) });
export const confirmResetRequestSchema = z.object({
  oobCode: z.string().min(1).max(200),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH),
});

/** Answer of sign-up, reset link, verification resend, verify-email and check-reset. */
export const emailResponseSchema = z.object({ email: z.string() });

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type ConfirmResetRequest = z.infer<typeof confirmResetRequestSchema>;
export type AccountProvider = z.infer<typeof accountProviderSchema>;
export type AccountType = z.infer<typeof accountTypeSchema>;
