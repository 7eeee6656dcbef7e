import { describe, expect, it } from 'vitest';
import { agreesWithComment, gradeExplanation } from './answer-grader';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];

describe('explanation grading', () => {
  it('passes a text that names the key and rejects the others', () => {
    const text = `**Gabarito oficial: D**

### Por que a alternativa D está correta
A lei de 1850 proibiu o tráfico.

### Por que as outras alternativas estão incorretas
- **A)** incorreta: a lei de 1871 libertou os filhos.
- **B)** incorreta: não houve indenização.`;
    expect(gradeExplanation(text, 'D', LETTERS)).toEqual({
      namesKey: true,
      othersCalledCorrect: [],
      passes: true,
    });
  });

  it('catches a text that argues for another letter', () => {
    expect(
      gradeExplanation('Na verdade, a alternativa B está correta.', 'D', LETTERS),
    ).toMatchObject({ namesKey: false, othersCalledCorrect: ['B'], passes: false });
    expect(
      gradeExplanation(
        'O gabarito oficial é D, mas a resposta correta seria a letra C.',
        'D',
        LETTERS,
      ),
    ).toMatchObject({ namesKey: true, othersCalledCorrect: ['C'], passes: false });
    expect(
      gradeExplanation('Gabarito: D\n- B) correta, pois…', 'D', LETTERS).othersCalledCorrect,
    ).toEqual(['B']);
  });

  it('reads negations and the Portuguese words "a" and "e" as what they are', () => {
    const text =
      'A alternativa correta é a D. A alternativa B não está correta, e a E também não. O gabarito não é C.';
    expect(gradeExplanation(text, 'D', LETTERS)).toMatchObject({
      namesKey: true,
      othersCalledCorrect: [],
    });
  });

  it('grades true/false items', () => {
    expect(gradeExplanation('**Gabarito oficial: C (Certo)**', 'C', ['C', 'E']).passes).toBe(true);
    expect(gradeExplanation('O item está errado.', 'C', ['C', 'E']).namesKey).toBe(false);
  });
});

describe('agreesWithComment', () => {
  const letters = ['A', 'B', 'C', 'D'];
  const check = (text: string) =>
    agreesWithComment(text, 'B', letters, gradeExplanation(text, 'B', letters));

  it('wants the key correct and every other alternative said to be wrong', () => {
    const full = [
      '**Gabarito oficial: B**',
      '### Por que as outras alternativas estão incorretas',
      '- **A)** é o dobro.',
      '- **C)** soma em vez de dividir.',
      '- D) incorreta: confunde o coeficiente com o valor.',
    ].join('\n');
    expect(check(full)).toBe(true);
    // D left without a verdict.
    expect(check(full.replace(/\n- D\).*$/, ''))).toBe(false);
    // Another letter called correct.
    expect(check(`${full}\nNa verdade, a alternativa C está correta.`)).toBe(false);
  });

  it('takes a true/false item as agreeing when the key, and only it, is called right', () => {
    const text =
      '**Gabarito oficial: E**\n\n### Por que o gabarito é Errado\nO artigo vale para todas.';
    expect(agreesWithComment(text, 'E', ['C', 'E'], gradeExplanation(text, 'E', ['C', 'E']))).toBe(
      true,
    );
  });
});
