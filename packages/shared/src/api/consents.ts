import { z } from 'zod/mini';

// Apart from the other personal-data schemas: every signed-in screen checks what is to be accepted.

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

export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;
export type AcceptConsentsRequest = z.infer<typeof acceptConsentsRequestSchema>;
