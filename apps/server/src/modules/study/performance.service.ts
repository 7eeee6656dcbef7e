import {
  type DisciplinePerformance,
  type HistorySummaryResponse,
  type Score,
} from '@gabarita/shared';
import type { Database } from '../../db/client';
import type { ResolvedSession } from '../auth/auth.service';
import type { StudyMarks } from './study-marks';
import { deleteHistory, scoresBySubject, totalScore } from './study.repo';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

function score(answered: number, correct: number): Score {
  return {
    answered,
    correct,
    wrong: answered - correct,
    successRate: answered === 0 ? 0 : Math.round((correct / answered) * 1000) / 10,
  };
}

/** Success rate first, then more answered, then name (docs/product-rules.md, "Performance"). */
function byPerformance<T extends Score & { name: string }>(a: T, b: T) {
  return (
    b.successRate - a.successRate || b.answered - a.answered || collator.compare(a.name, b.name)
  );
}

/**
 * Totals for everyone; the breakdown by discipline and subject is a Premium feature, so a free
 * account's answer does not carry it at all.
 */
async function historySummary(
  db: Database,
  session: ResolvedSession,
): Promise<HistorySummaryResponse> {
  const userId = session.user.id;
  if (session.sessionUser.accountType !== 'premium') {
    const { answered, correct } = await totalScore(db, userId);
    return { totals: score(answered, correct), disciplines: null };
  }

  const byDiscipline = new Map<string, DisciplinePerformance>();
  let answered = 0;
  let correct = 0;
  for (const row of await scoresBySubject(db, userId)) {
    answered += row.answered;
    correct += row.correct;
    const discipline = byDiscipline.get(row.discipline_code) ?? {
      code: row.discipline_code,
      name: row.discipline_name,
      ...score(0, 0),
      subjects: [],
    };
    discipline.subjects.push({ name: row.subject, ...score(row.answered, row.correct) });
    Object.assign(
      discipline,
      score(discipline.answered + row.answered, discipline.correct + row.correct),
    );
    byDiscipline.set(row.discipline_code, discipline);
  }
  const disciplines = [...byDiscipline.values()].sort(byPerformance);
  for (const discipline of disciplines) discipline.subjects.sort(byPerformance);
  return { totals: score(answered, correct), disciplines };
}

/** `marks`: this instance's copy of users' marks, dropped after a reset here. */
export function createPerformanceService(db: Database, marks?: Pick<StudyMarks, 'drop'>) {
  return {
    historySummary: (session: ResolvedSession) => historySummary(db, session),
    /** Resets the caller's own history. Free-check counters stay: a reset buys no extra checks. */
    async resetHistory(userId: string) {
      await deleteHistory(db, userId);
      marks?.drop(userId);
    },
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
