import {
  PROGRESS_DAYS,
  PROGRESS_WEEKS,
  type DisciplinePerformance,
  type HistorySummaryResponse,
  type ProgressGrouping,
  type ProgressResponse,
  type Score,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import type { ResolvedSession } from '@/modules/auth';
import { addDays, saoPauloDay } from '@/lib/clock';
import type { StudyMarks } from './study-marks';
import { answersPerDay, deleteHistory, scoresBySubject, totalScore } from './study.repo';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

function score(answered: number, correct: number): Score {
  return {
    answered,
    correct,
    wrong: answered - correct,
    successRate: answered === 0 ? 0 : Math.round((correct / answered) * 1000) / 10,
  };
}

/** Success rate first, then more answered, then name (docs/product-rules.md, "History and performance"). */
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

function rate(answered: number, correct: number): number | null {
  return answered === 0 ? null : Math.round((correct / answered) * 1000) / 10;
}

/** The Monday of the ISO week of a 'YYYY-MM-DD' day. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Answers per São Paulo day (the last PROGRESS_DAYS days) and success rate per ISO week (the last
 * PROGRESS_WEEKS weeks), in total and by discipline or exam board.
 */
async function progress(
  db: Database,
  userId: string,
  by: ProgressGrouping,
): Promise<ProgressResponse> {
  const today = saoPauloDay();
  const firstWeek = addDays(mondayOf(today), -7 * (PROGRESS_WEEKS - 1));
  const firstDay = addDays(today, -(PROGRESS_DAYS - 1));
  const since = firstWeek < firstDay ? firstWeek : firstDay;
  const rows = await answersPerDay(db, userId, since, by);

  const days = Array.from({ length: PROGRESS_DAYS }, (_, index) => {
    const day = addDays(firstDay, index);
    const ofDay = rows.filter((row) => row.day === day);
    const answered = ofDay.reduce((sum, row) => sum + row.answered, 0);
    const correct = ofDay.reduce((sum, row) => sum + row.correct, 0);
    return { day, answered, correct, successRate: rate(answered, correct) };
  });

  const totals = new Map<string, { key: string; name: string; answered: number }>();
  for (const row of rows) {
    const group = totals.get(row.group_key) ?? {
      key: row.group_key,
      name: row.group_name,
      answered: 0,
    };
    group.answered += row.answered;
    totals.set(row.group_key, group);
  }
  const groups = [...totals.values()].sort(
    (a, b) => b.answered - a.answered || collator.compare(a.name, b.name),
  );

  const weeks = Array.from({ length: PROGRESS_WEEKS }, (_, index) => {
    const weekStart = addDays(firstWeek, 7 * index);
    const weekEnd = addDays(weekStart, 6);
    const ofWeek = rows.filter((row) => row.day >= weekStart && row.day <= weekEnd);
    const answered = ofWeek.reduce((sum, row) => sum + row.answered, 0);
    const correct = ofWeek.reduce((sum, row) => sum + row.correct, 0);
    return {
      weekStart,
      answered,
      correct,
      successRate: rate(answered, correct),
      groups: groups.map(({ key }) => {
        const ofGroup = ofWeek.filter((row) => row.group_key === key);
        const groupAnswered = ofGroup.reduce((sum, row) => sum + row.answered, 0);
        const groupCorrect = ofGroup.reduce((sum, row) => sum + row.correct, 0);
        return {
          key,
          answered: groupAnswered,
          correct: groupCorrect,
          successRate: rate(groupAnswered, groupCorrect),
        };
      }),
    };
  });
  return { by, days, groups, weeks };
}

/** `marks`: this instance's copy of users' marks, dropped after a reset here. */
export function createPerformanceService(db: Database, marks?: Pick<StudyMarks, 'drop'>) {
  return {
    progress: (session: ResolvedSession, by: ProgressGrouping) => progress(db, session.user.id, by),
    historySummary: (session: ResolvedSession) => historySummary(db, session),
    /** Resets the caller's own history. Free-check counters stay: a reset buys no extra checks. */
    async resetHistory(userId: string) {
      await inTransaction(db, (tx) => deleteHistory(tx, userId));
      marks?.drop(userId);
    },
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
