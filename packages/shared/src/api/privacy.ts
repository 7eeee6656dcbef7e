import { z } from 'zod/mini';
import { PRIVACY_MESSAGES } from '../messages/privacy';
import { text } from '../validation';
import { emailField, PASSWORD_MAX_LENGTH } from './auth';

export const dataExportStatusSchema = z.enum(['building', 'ready', 'failed']);

export const dataExportSchema = z.object({
  id: z.string(),
  status: dataExportStatusSchema,
  requestedAt: z.string(),
  readyAt: z.nullable(z.string()),
  /** The download works until then (24 h after it is ready). */
  expiresAt: z.nullable(z.string()),
  sizeBytes: z.nullable(z.int()),
});

/** `GET /me/data-exports`: the account's exports still downloadable or building, newest first. */
export const dataExportsResponseSchema = z.object({ items: z.array(dataExportSchema) });
export const dataExportParamsSchema = z.object({ id: z.uuid(PRIVACY_MESSAGES.exportNotFound) });

const password = text(PASSWORD_MAX_LENGTH).check(z.minLength(1, PRIVACY_MESSAGES.wrongPassword));

/** `POST /me/email-change`: the new address gets a link; the old one a notice. */
export const emailChangeRequestSchema = z.object({ newEmail: emailField(), password });

/**
 * The link sent to the new address, followed: `alreadyConfirmed` when it had been used and the
 * address is still the account's (docs/product-rules.md, "Correcting the e-mail").
 */
export const emailChangeResponseSchema = z.object({
  email: z.string(),
  alreadyConfirmed: z.boolean(),
});

/** `DELETE /me`: a password account confirms with its password, a Google account with the e-mailed code. */
export const deleteAccountRequestSchema = z.object({
  password: z.optional(password),
  code: z.optional(text(6).check(z.trim(), z.regex(/^\d{6}$/, PRIVACY_MESSAGES.deleteCodeInvalid))),
});

export type DataExport = z.infer<typeof dataExportSchema>;
export type DataExportsResponse = z.infer<typeof dataExportsResponseSchema>;
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;
export type EmailChangeResponse = z.infer<typeof emailChangeResponseSchema>;
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
