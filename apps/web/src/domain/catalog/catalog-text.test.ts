import { describe, expect, it } from 'vitest';
import { examTitle, questionCountLabel } from './catalog-text';

describe('catalogue text', () => {
  it('words question counts', () => {
    expect(questionCountLabel(1)).toBe('1 questão');
    expect(questionCountLabel(0)).toBe('0 questões');
    expect(questionCountLabel(40)).toBe('40 questões');
  });

  it('builds the exam title', () => {
    expect(
      examTitle({ cargo: 'Professor', orgao: 'Câmara', ano: '2017', instituicao: 'IBFC' }),
    ).toBe('Professor — Câmara, 2017, IBFC');
  });
});
