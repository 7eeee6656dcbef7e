import { describe, expect, it } from 'vitest';
import {
  examOptionsLabel,
  examShortTitle,
  examTitle,
  filterOptionsFor,
  filtersDroppedByKind,
  offeredExamFilters,
  questionCountLabel,
  subjectBeside,
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

describe('the subject beside a discipline', () => {
  it('is shown when it says something the discipline does not', () => {
    expect(subjectBeside('Matemática', 'Porcentagem')).toBe('Porcentagem');
    expect(subjectBeside('Matemática', 'Matemática financeira')).toBe('Matemática financeira');
  });

  it('is left out when the source gave the area as the subject too', () => {
    expect(subjectBeside('Ciências Humanas', 'Ciências Humanas')).toBeNull();
    expect(subjectBeside('Ciências Humanas', 'ciencias humanas ')).toBeNull();
    expect(subjectBeside('Ciências Humanas', 'Ciências Humanas e suas Tecnologias')).toBeNull();
    expect(subjectBeside('Matemática', '')).toBeNull();
  });
});

describe('the filters offered for a kind of exam', () => {
  const concursoAndEnem = [
    { value: 'concurso', label: 'concurso', count: 3 },
    { value: 'enem', label: 'enem', count: 1 },
  ];

  it('leave out Cargo, Órgão and Nível for the ENEM and the vestibulares', () => {
    for (const tipo of ['enem', 'vestibular', 'certificacao', 'olimpiada']) {
      expect(offeredExamFilters(tipo, concursoAndEnem)).toEqual([
        'tipo',
        'instituicao',
        'ano',
        'disciplina',
        'assunto',
      ]);
      expect(filtersDroppedByKind(tipo)).toEqual(['cargo', 'orgao', 'nivel']);
    }
  });

  it('offer them for concursos, and for every kind when concursos are among them', () => {
    expect(offeredExamFilters('concurso', concursoAndEnem)).toHaveLength(8);
    expect(offeredExamFilters('', concursoAndEnem)).toHaveLength(8);
    expect(offeredExamFilters('', undefined)).toHaveLength(8);
    expect(filtersDroppedByKind('')).toEqual([]);
    expect(filtersDroppedByKind('concurso')).toEqual([]);
  });

  it('leave them out of a catalogue without concursos', () => {
    expect(offeredExamFilters('', [{ value: 'enem', label: 'enem', count: 2 }])).not.toContain(
      'cargo',
    );
  });
});
