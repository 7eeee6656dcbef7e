import { z } from 'zod/mini';
import { PRIVACY_MESSAGES } from '../messages/privacy';
import { text } from '../validation';
import { emailField, PASSWORD_MAX_LENGTH } from './auth';

/**
 * The versions in force of the documents a person accepts; a new version (the date it took
 * effect) makes the next sign-in ask for acceptance again.
 */
export const LEGAL_VERSIONS = {
  termos: '2025-10-02',
  privacidade: '2026-11-26',
} as const;

export const consentDocumentSchema = z.enum(['termos', 'privacidade', 'responsavel']);
export type ConsentDocument = z.infer<typeof consentDocumentSchema>;
/** The documents every account must have accepted in their current version. */
export const requiredDocumentSchema = z.enum(['termos', 'privacidade']);
export type RequiredDocument = z.infer<typeof requiredDocumentSchema>;

export const consentRecordSchema = z.object({
  document: consentDocumentSchema,
  version: z.string(),
  acceptedAt: z.string(),
});

/** `GET /me/consents`: what was accepted when, newest first, and what must be accepted now. */
export const consentsResponseSchema = z.object({
  records: z.array(consentRecordSchema),
  pending: z.array(requiredDocumentSchema),
});

/** `POST /me/consents`: accepts the current version of the pending documents. */
export const acceptConsentsRequestSchema = z.object({
  documents: z.array(requiredDocumentSchema).check(z.minLength(1)),
  /** The person is under 18 and their parent or guardian consents. */
  guardianConsent: z.optional(z.boolean()),
});

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

export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;
export type AcceptConsentsRequest = z.infer<typeof acceptConsentsRequestSchema>;
export type DataExport = z.infer<typeof dataExportSchema>;
export type DataExportsResponse = z.infer<typeof dataExportsResponseSchema>;
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;
export type EmailChangeResponse = z.infer<typeof emailChangeResponseSchema>;
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
