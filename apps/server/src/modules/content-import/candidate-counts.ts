import type { ValidExam, ValidQuestion } from './validate-content';

/**
 * An exam's counts are what one candidate takes (docs/product-rules.md, "Exam kinds and option
 * blocks"): the common questions and one option block. Blocks have the same numbers, so the exam's
 * question count takes the first block. A discipline's or a subject's count adds the most that any
 * one block has of it: filtering by a discipline only one block has (Espanhol) finds the exam, with
 * what a candidate of that block answers of it. Annulled questions count nowhere.
 */
export function candidateCounts(exam: ValidExam) {
  const firstBlock = exam.options[0]?.key ?? null;
  const taken = exam.questions.filter(
    (question) => question.optionKey === null || question.optionKey === firstBlock,
  );
  const counted = taken.filter((question) => question.status !== 'annulled');

  const inSet = (optionKey: string | null) =>
    exam.questions.filter(
      (question) => question.optionKey === optionKey && question.status !== 'annulled',
    );
  const common = inSet(null);
  const blocks = exam.options.map((option) => inSet(option.key));
  const subjectKey = (question: ValidQuestion) =>
    `${question.disciplineCode}\u0000${question.subject}`;
  const disciplineKey = (question: ValidQuestion) => question.disciplineCode;

  /** Per key: the common questions' count plus the largest count of any one block. */
  function perCandidate(keyOf: (question: ValidQuestion) => string) {
    const totals = tally(common, keyOf);
    const largest = new Map<string, number>();
    for (const block of blocks) {
      for (const [key, count] of tally(block, keyOf)) {
        largest.set(key, Math.max(largest.get(key) ?? 0, count));
      }
    }
    for (const [key, count] of largest) totals.set(key, (totals.get(key) ?? 0) + count);
    return totals;
  }

  const first = new Map(exam.questions.map((question) => [subjectKey(question), question]));
  return {
    questionCount: counted.length,
    annulledCount: taken.length - counted.length,
    outdatedCount: counted.filter((question) => question.status === 'outdated').length,
    /** Keyed "discipline\0subject", as the importer keys subject ids. */
    subjects: [...perCandidate(subjectKey)].map(([key, questionCount]) => ({
      key,
      disciplineCode: first.get(key)!.disciplineCode,
      subject: first.get(key)!.subject,
      questionCount,
    })),
    disciplines: [...perCandidate(disciplineKey)].map(([disciplineCode, questionCount]) => ({
      disciplineCode,
      questionCount,
    })),
  };
}

function tally(list: ValidQuestion[], keyOf: (question: ValidQuestion) => string) {
  const counts = new Map<string, number>();
  for (const question of list) counts.set(keyOf(question), (counts.get(keyOf(question)) ?? 0) + 1);
  return counts;
}
