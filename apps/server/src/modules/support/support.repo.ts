import type { Database } from '@/db/client';
import { errorReports, helpRequests } from '@/db/schema';

export async function insertHelpRequest(db: Database, values: typeof helpRequests.$inferInsert) {
  await db.insert(helpRequests).values(values);
}

/** Stores the report unless the same user already has it open for this question and type. */
export async function insertErrorReport(db: Database, values: typeof errorReports.$inferInsert) {
  await db.insert(errorReports).values(values).onConflictDoNothing();
}
