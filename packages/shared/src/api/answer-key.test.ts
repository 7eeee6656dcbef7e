import { describe, expect, it } from 'vitest';
import { parseAnswerKeyList } from './answer-key';

describe('parseAnswerKeyList', () => {
  it('reads the ways a definitive key is written', () => {
    expect(
      parseAnswerKeyList('12 C\n15: anulada; 3 - b, Questão 7 = X\n\n 9) nula\n21 anulado'),
    ).toEqual({
      changes: [
        { number: 12, key: 'C' },
        { number: 15, key: 'anulada' },
        { number: 3, key: 'B' },
        { number: 7, key: 'anulada' },
        { number: 9, key: 'anulada' },
        { number: 21, key: 'anulada' },
      ],
      problems: [],
    });
  });

  it('names each line it cannot read, and reads the rest', () => {
    const parsed = parseAnswerKeyList('12 C\ndoze C\n13 F\n14');
    expect(parsed.changes).toEqual([{ number: 12, key: 'C' }]);
    expect(parsed.problems.map((problem) => problem.line)).toEqual(['doze C', '13 F', '14']);
  });
});
