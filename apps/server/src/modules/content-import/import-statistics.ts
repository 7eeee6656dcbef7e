import type { Database } from '@/db/client';
import { analyzeTable, sampleFewerRows } from './database-stats.repo';

/** Below this many questions written, a plan that scans a table costs little. */
const STATISTICS_AGAIN_FROM = 10_000;

/**
 * Whether the planner's statistics are out of date in the middle of an import: once the questions
 * written since they were worked out are as many as the table then held. Until then the planner
 * takes a statement's 25 exam ids for an eighth of the table (its guess without statistics), and
 * from about 1,400,000 questions it scanned the whole table for each batch (docs/performance.md,
 * "A million questions").
 */
export function statisticsOutdated(heldThen: number, writtenSince: number) {
  return writtenSince >= Math.max(STATISTICS_AGAIN_FROM, heldThen);
}

/**
 * Keeps the statistics up with the tables while an import writes `held` questions' worth more:
 * call `afterWriting` with each batch's questions. In the import's transaction, whose own rows
 * analyze counts.
 */
export function statisticsKeptUp(tx: Database, held: number) {
  let heldThen = held;
  let writtenSince = 0;
  return {
    async afterWriting(questions: number) {
      writtenSince += questions;
      if (!statisticsOutdated(heldThen, writtenSince)) return;
      await refreshStatistics(tx, false);
      heldThen += writtenSince;
      writtenSince = 0;
    },
  };
}

/**
 * Fresh statistics, so the planner sees the catalogue as it now is (PGlite has no autovacuum to do
 * it), committed with the rows they describe (analyze counts the import's own rows). One table at a
 * time, with requests answered in between. On PGlite each table is sampled at 3,000 rows instead of
 * 30,000: enough for the catalogue's plans, and 80–430 ms for the questions of a 100,000-question
 * catalogue instead of about a second. PostgreSQL keeps its own sample (about 0.5 s at 300,000
 * questions, in another process): at 3,000 rows its list of common words holds only the hundred
 * commonest, and a word just below them was taken for a rare one (docs/performance.md, "A million
 * questions").
 */
export async function refreshStatistics(tx: Database, smallSample: boolean) {
  if (smallSample) await sampleFewerRows(tx);
  for (const table of ['exams', 'questions', 'exam_subjects', 'exam_disciplines', 'subjects']) {
    await new Promise((resolve) => setImmediate(resolve));
    await analyzeTable(tx, table);
  }
}
