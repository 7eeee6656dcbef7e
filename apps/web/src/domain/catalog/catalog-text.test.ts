import { describe, expect, it } from 'vitest';
import {
  examOptionsLabel,
  examShortTitle,
  examTitle,
  filterOptionsFor,
  questionCountLabel,
} from './catalog-text';

describe('catalogue text', () => {
  it('words question counts', () => {
    expect(questionCountLabel(1)).toBe('1 questão');
    expect(questionCountLabel(0)).toBe('0 questões');
    expect(questionCountLabel(40)).toBe('40 questões');
  });

  it('builds the exam title', () => {
    expect(
      examTitle({
        kind: 'concurso',
        cargo: 'Professor',
        orgao: 'Câmara',
        ano: '2017',
        instituicao: 'IBFC',
      }),
    ).toBe('Professor — Câmara, 2017, IBFC');
  });

  it('names the exams without cargo or órgão by their kind', () => {
    const parts = { cargo: null, orgao: null, ano: '2024', instituicao: 'Fuvest' };
    expect(examTitle({ ...parts, kind: 'enem', ano: '2023', instituicao: 'INEP' })).toBe(
      'ENEM 2023 · INEP',
    );
    expect(examTitle({ ...parts, kind: 'vestibular' })).toBe('Vestibular · Fuvest 2024');
    expect(examTitle({ ...parts, kind: 'olimpiada', instituicao: 'OBMEP' })).toBe(
      'Olimpíada · OBMEP 2024',
    );
    expect(examShortTitle({ ...parts, kind: 'vestibular' })).toBe('Vestibular · Fuvest · 2024');
    expect(
      examShortTitle({
        kind: 'concurso',
        cargo: 'Professor',
        orgao: 'Câmara',
        ano: '2017',
        instituicao: 'IBFC',
      }),
    ).toBe('Professor · IBFC · 2017');
  });

  it('words the option blocks and labels the kinds in the Tipo filter', () => {
    const block = (name: string) => ({ key: name.toLowerCase(), name });
    expect(examOptionsLabel([block('Inglês'), block('Espanhol')])).toBe('Inglês ou Espanhol');
    expect(examOptionsLabel([block('A'), block('B'), block('C')])).toBe('A, B ou C');
    expect(
      filterOptionsFor('tipo', [{ value: 'certificacao', label: 'certificacao', count: 2 }]),
    ).toEqual([{ value: 'certificacao', label: 'Certificação', count: 2 }]);
    expect(filterOptionsFor('ano', undefined)).toEqual([]);
  });
});
