import {
  type AcceptConsentsRequest,
  type ConsentsResponse,
  LEGAL_VERSIONS,
  type RequiredDocument,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import { type ConsentEntry, insertConsents, listConsents } from './consents.repo';

const REQUIRED: RequiredDocument[] = ['termos', 'privacidade'];

/**
 * What a person accepts with the form: the current version of each document, and the guardian's
 * consent of an under-18, recorded under the version of the terms it was given with
 * (docs/product-rules.md, "Personal data and the LGPD").
 */
export function consentEntries(
  documents: RequiredDocument[],
  guardianConsent: boolean | undefined,
): ConsentEntry[] {
  const entries: ConsentEntry[] = [...new Set(documents)].map((document) => ({
    document,
    version: LEGAL_VERSIONS[document],
  }));
  if (guardianConsent) entries.push({ document: 'responsavel', version: LEGAL_VERSIONS.termos });
  return entries;
}

export function createConsentsService(deps: { db: Database }) {
  const { db } = deps;

  async function current(userId: string): Promise<ConsentsResponse> {
    const rows = await listConsents(db, userId);
    const accepted = new Set(rows.map((row) => `${row.document}:${row.version}`));
    return {
      records: rows.map((row) => ({
        document: row.document,
        version: row.version,
        acceptedAt: row.acceptedAt.toISOString(),
      })),
      pending: REQUIRED.filter(
        (document) => !accepted.has(`${document}:${LEGAL_VERSIONS[document]}`),
      ),
    };
  }

  return {
    current,

    async accept(userId: string, input: AcceptConsentsRequest): Promise<ConsentsResponse> {
      await insertConsents(db, userId, consentEntries(input.documents, input.guardianConsent));
      return current(userId);
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;

/** Records the account's acceptance of `documents` in the caller's transaction (the sign-up's). */
export function recordConsents(
  tx: Database,
  userId: string,
  documents: RequiredDocument[],
  guardianConsent: boolean | undefined,
) {
  return insertConsents(tx, userId, consentEntries(documents, guardianConsent));
}
