import type { Database } from '@/db/client';

export function createConsentsService(deps: { db: Database }) {
  void deps;
  return {};
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
