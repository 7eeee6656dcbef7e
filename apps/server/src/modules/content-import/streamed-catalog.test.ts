import { describe, expect, it } from 'vitest';
import { CheckedExam } from './streamed-catalog';
import type { ValidExam } from './validate-content';

const examWith = (id: string, questionIds: string[]) =>
  ({ id, questions: questionIds.map((questionId) => ({ id: questionId })) }) as ValidExam;

describe('CheckedExam', () => {
  it('gives back the question ids it keeps as one text, in order', () => {
    const ids = ['pf_2021_prova_1', 'pf_2021_prova_2', 'pf_2021_prova_A_3', 'pf_2021_prova_10'];
    const checked = new CheckedExam(examWith('pf_2021_prova', ids), 'provas/pf.json', 'abc');
    expect(checked.questionIds).toEqual(ids);
    expect(checked.questionCount).toBe(4);
    expect([checked.id, checked.file, checked.digest]).toEqual([
      'pf_2021_prova',
      'provas/pf.json',
      'abc',
    ]);
  });

  it('keeps ids that do not begin with the exam id whole, and an exam without questions', () => {
    const ids = ['pf_2021_prova_1', 'outra_1', 'pf_2021_prova'];
    expect(new CheckedExam(examWith('pf_2021_prova', ids), 'f', 'd').questionIds).toEqual(ids);
    const empty = new CheckedExam(examWith('vazia', []), 'f', 'd');
    expect([empty.questionIds, empty.questionCount]).toEqual([[], 0]);
  });
});
