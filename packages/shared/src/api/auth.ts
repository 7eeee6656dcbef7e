import { z } from 'zod/mini';
import { AUTH_MESSAGES } from '../messages/auth';
import { text } from '../validation';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** Which sign-in methods this server offers (the Google button is hidden when it is not set up). */
export const authProvidersResponseSchema = z.object({
  google: z.boolean(),
});

// The rules of every auth form, with the spec's messages; the server validates requests with these
// schemas and the web forms validate with the same ones before sending.
export function emailField(required: string = AUTH_MESSAGES.emailRequired) {
  return z.pipe(
    text(254, AUTH_MESSAGES.invalidEmail).check(
      z.trim(),
      z.minLength(1, required),
      z.toLowerCase(),
    ),
    z.email(AUTH_MESSAGES.invalidEmail),
  );
}

/** A password being chosen: the server answers the spec's 'weak password' text. */
export const newPasswordSchema = (tooShort: string = AUTH_MESSAGES.weakPassword) =>
  text(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong).check(
    z.minLength(PASSWORD_MIN_LENGTH, tooShort),
  );

const passwordTyped = text(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong).check(
  z.minLength(1, AUTH_MESSAGES.passwordRequired),
);
const oobCode = text(200).check(z.minLength(1, AUTH_MESSAGES.resetCodeMissing));

export const signupRequestSchema = z.object({
  name: text(NAME_MAX_LENGTH).check(z.trim(), z.minLength(1, AUTH_MESSAGES.nameRequired)),
  email: emailField(),
  password: newPasswordSchema(),
  /** The person is under 18 and their parent or guardian consents (recorded with the terms). */
  guardianConsent: z.optional(z.boolean()),
});

export const loginRequestSchema = z.object({ email: emailField(), password: passwordTyped });

export const emailRequestSchema = z.object({
  email: emailField(AUTH_MESSAGES.recoveryEmailRequired),
});
export const oobCodeRequestSchema = z.object({ oobCode });
export const confirmResetRequestSchema = z.object({
  oobCode,
  newPassword: newPasswordSchema(AUTH_MESSAGES.newPasswordTooShort),
});

/**
 * Password and confirmation as the spec checks them in forms: matching first, then the length with
 * the form's own wording.
 */
function checkPasswordPair(tooShort: string) {
  return (
    { password, confirmation }: { password: string; confirmation: string },
    context: z.core.$RefinementCtx,
  ) => {
    if (password !== confirmation) {
      context.addIssue({
        code: 'custom',
        path: ['confirmation'],
        message: AUTH_MESSAGES.passwordsDoNotMatch,
      });
      return;
    }
    const checked = newPasswordSchema(tooShort).safeParse(password);
    if (!checked.success) {
      context.addIssue({
        code: 'custom',
        path: ['password'],
        message: checked.error.issues[0]!.message,
      });
    }
  };
}

export const signupFormSchema = z
  .object({
    name: signupRequestSchema.shape.name,
    email: emailField(),
    password: z.string(),
    confirmation: z.string(),
    guardianConsent: z.optional(z.boolean()),
  })
  .check(z.superRefine(checkPasswordPair(AUTH_MESSAGES.passwordTooShort)));

/** The new-password form of the recovery page. */
export const resetPasswordFormSchema = z
  .object({ password: z.string(), confirmation: z.string() })
  .check(z.superRefine(checkPasswordPair(AUTH_MESSAGES.newPasswordTooShort)));

/** Answer of sign-up, reset link, verification resend, verify-email and check-reset. */
export const emailResponseSchema = z.object({ email: z.string() });
/** `alreadyVerified`: the link had been used (or had expired) but the address is verified. */
export const verifyEmailResponseSchema = z.object({
  email: z.string(),
  alreadyVerified: z.boolean(),
});

export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export type SignupForm = z.infer<typeof signupFormSchema>;
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type ConfirmResetRequest = z.infer<typeof confirmResetRequestSchema>;
