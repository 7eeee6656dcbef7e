import type { SimuladoResultColumn } from '@/db/schema';

/** What scoring reads of a simulado's question: the answer given and the question's key now. */
export interface ScoredQuestion {
  chosenLetter: string | null;
  answerLetter: string;
  status: 'regular' | 'annulled' | 'outdated';
  disciplineCode: string;
  disciplineName: string;
}

export type Outcome = 'certa' | 'errada' | 'em_branco' | 'anulada';

export function outcomeOf(question: ScoredQuestion): Outcome {
  if (question.status === 'annulled') return 'anulada';
  if (!question.chosenLetter) return 'em_branco';
  return question.chosenLetter === question.answerLetter ? 'certa' : 'errada';
}

/** Padrão: one point per right answer. Cebraspe: a wrong answer takes one away; blanks are 0. */
export function scoreResult(
  scoring: 'padrao' | 'cebraspe',
  questions: readonly ScoredQuestion[],
  timeUsedSeconds: number,
): SimuladoResultColumn {
  const points = (correct: number, wrong: number) =>
    scoring === 'cebraspe' ? correct - wrong : correct;
  const byCode = new Map<string, SimuladoResultColumn['byDiscipline'][number]>();
  let correct = 0;
  let wrong = 0;
  let blank = 0;
  for (const question of questions) {
    const outcome = outcomeOf(question);
    if (outcome === 'anulada') continue;
    const discipline = byCode.get(question.disciplineCode) ?? {
      code: question.disciplineCode,
      name: question.disciplineName,
      total: 0,
      correct: 0,
      wrong: 0,
      blank: 0,
      score: 0,
    };
    discipline.total += 1;
    if (outcome === 'certa') {
      discipline.correct += 1;
      correct += 1;
    } else if (outcome === 'errada') {
      discipline.wrong += 1;
      wrong += 1;
    } else {
      discipline.blank += 1;
      blank += 1;
    }
    discipline.score = points(discipline.correct, discipline.wrong);
    byCode.set(question.disciplineCode, discipline);
  }
  return {
    score: points(correct, wrong),
    maxScore: correct + wrong + blank,
    correct,
    wrong,
    blank,
    timeUsedSeconds,
    byDiscipline: [...byCode.values()],
  };
}
