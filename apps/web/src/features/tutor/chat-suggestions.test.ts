import { describe, expect, it } from 'vitest';
import type { Alternative } from '@gabarita/shared';
import { chatSuggestions } from './chat-suggestions';

const alternative = (letter: string, text: string): Alternative => ({
  letter,
  text,
  html: null,
  figure: null,
});
const FIVE = ['A', 'B', 'C', 'D', 'E'].map((letter) => alternative(letter, `${letter} texto`));
const JUDGEMENT = [alternative('C', 'Certo'), alternative('E', 'Errado')];

describe('the chat suggestions', () => {
  it('never suggest asking why the key is wrong, whatever was chosen', () => {
    for (const key of ['A', 'B', 'C', 'D', 'E']) {
      for (const chosen of ['A', 'B', 'C', 'D', 'E']) {
        for (const languageModel of [true, false]) {
          const suggestions = chatSuggestions({
            answer: { chosenLetter: chosen, gabarito: key, correct: chosen === key },
            alternatives: FIVE,
            languageModel,
          });
          expect(suggestions).not.toContain(`Por que a ${key} está errada?`);
          expect(suggestions).toContain(`Por que a ${key} está correta?`);
          if (chosen !== key) expect(suggestions[0]).toBe(`Por que a ${chosen} está errada?`);
        }
      }
    }
  });

  it('ask about the verdict of a true/false item, and no example from the offline tutor', () => {
    expect(
      chatSuggestions({
        answer: { chosenLetter: 'C', gabarito: 'E', correct: false },
        alternatives: JUDGEMENT,
        languageModel: false,
      }),
    ).toEqual([
      'Por que o gabarito é Errado?',
      'Explique de outro jeito',
      'Qual a regra/lei envolvida?',
    ]);
  });
});
