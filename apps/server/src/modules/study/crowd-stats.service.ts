import { CROWD_STATS_MIN_USERS, type QuestionStats } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/errors';
import { answerCounts } from './crowd-stats.repo';
import { findQuestionKey } from '@/modules/catalog';
import { hasAnswer } from './study.repo';
import { studyErrors } from '@/lib/app-errors';

const percent = (part: number, whole: number) => Math.round((part * 100) / whole);

/**
 * How everyone answered a question the first time (docs/product-rules.md, "Crowd answer stats"):
 * only to a user who has checked it (the shares give the key away), only from
 * CROWD_STATS_MIN_USERS first answers on, and only as whole percentages, never counts or names.
 */
export async function questionStats(
  db: Database,
  userId: string,
  questionId: string,
): Promise<QuestionStats> {
  const question = await findQuestionKey(db, questionId);
  if (!question) throw AppError.common('request/not-found', 404);
  if (!(await hasAnswer(db, userId, questionId))) {
    throw studyErrors.statsCheckFirst();
  }
  const counts = await answerCounts(db, questionId);
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  if (question.status === 'annulled' || total < CROWD_STATS_MIN_USERS) return { available: false };
  const byLetter = new Map(counts.map((row) => [row.letter, row.count]));
  return {
    available: true,
    correctPercent: percent(byLetter.get(question.answerLetter) ?? 0, total),
    alternatives: question.alternatives.map(({ letter }) => ({
      letter,
      percent: percent(byLetter.get(letter) ?? 0, total),
    })),
  };
}
