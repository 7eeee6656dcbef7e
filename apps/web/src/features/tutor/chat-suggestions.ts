import { AI_MESSAGES, type Alternative } from '@gabarita/shared';
import type { CheckedAnswer } from '@/domain/questions/alternatives-group';

/** A true/false item: its alternatives are exactly 'C) Certo' and 'E) Errado'. */
function isJudgement(alternatives: Alternative[]): boolean {
  return (
    alternatives.map((alternative) => alternative.letter).join('') === 'CE' &&
    /^certo/i.test(alternatives[0]!.text.trim())
  );
}

/**
 * The questions the chat suggests after a check: why the student's wrong choice is wrong (the key
 * is never suggested as wrong), why the key is right, another explanation, an example only from a
 * language model (the offline tutor invents none), and the law (docs/product-rules.md, "What the
 * offline tutor answers").
 */
export function chatSuggestions(options: {
  answer: CheckedAnswer;
  alternatives: Alternative[];
  languageModel: boolean;
}): string[] {
  const { answer, alternatives, languageModel } = options;
  const key = answer.gabarito;
  const judgement = isJudgement(alternatives);
  const letters: string[] = [];
  if (judgement) {
    letters.push(AI_MESSAGES.whyVerdict(key === 'C' ? 'Certo' : 'Errado'));
  } else {
    if (answer.chosenLetter !== key) letters.push(AI_MESSAGES.whyWrong(answer.chosenLetter));
    letters.push(AI_MESSAGES.whyKey(key));
  }
  const { otherWay, example, law } = AI_MESSAGES.followUps;
  return [...letters, otherWay, ...(languageModel ? [example] : []), law];
}
