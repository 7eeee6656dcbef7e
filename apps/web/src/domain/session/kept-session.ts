import { sessionResponseSchema, type SessionResponse } from '@gabarita/shared';
import { readStored, writeStored } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * The last signed-in session this browser saw, so the app opens without a connection for the
 * day's review (docs/product-rules.md, "Review"). Only a signed-in answer is kept; a visitor's
 * answer (sign-out, an expired session) forgets it.
 */
export function keepSession(session: SessionResponse): void {
  writeStored(STORAGE_KEYS.keptSession, session.user ? JSON.stringify(session) : null);
}

/** The kept session, or undefined when there is none or it no longer reads as one. */
export function keptSession(): SessionResponse | undefined {
  const stored = readStored(STORAGE_KEYS.keptSession);
  if (stored === null) return undefined;
  try {
    return sessionResponseSchema.parse(JSON.parse(stored));
  } catch {
    return undefined;
  }
}
