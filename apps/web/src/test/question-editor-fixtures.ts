import type { QuestionEditing, QuestionSnapshot, QuestionVersion } from '@gabarita/shared';

/** The editor's answers for the tests; each test overrides what it asserts on. */

export const EXAM_ID = 'cmvv_2017_matematica_prova';
export const QUESTION_ID = `${EXAM_ID}_3`;

export function snapshot(overrides: Partial<QuestionSnapshot> = {}): QuestionSnapshot {
  return {
    questao: '<p>Qual é o valor de <strong>f(1/2)</strong>?</p>',
    Alternativas: [
      'A) −1',
      'B) 0',
      { letra: 'C', html: 'H<sub>2</sub>O' },
      { letra: 'D', imagem: 'grafico_d', descricao: 'Reta crescente que passa por (0, 1)' },
    ],
    gabarito: 'B',
    disciplina: 'matematica',
    assunto: 'Funções',
    referencia: ['id_texto1'],
    textos: { id_texto1: '<p>Seja f(x) = 2x − 1.</p>' },
    comentario: {
      resumo: 'Substitua x por 1/2.',
      alternativas: {
        A: '−1 é f(0).',
        B: '2 · 1/2 = 1, e 1 − 1 = 0.',
        C: 'Não é uma função.',
        D: 'O gráfico não é o valor.',
      },
      fundamento: [{ tipo: 'doutrina', referencia: 'Iezzi, Fundamentos, v. 1' }],
      autoria: { nome: 'Equipe Gabarita', revisado_em: '2026-11-26' },
    },
    ...overrides,
  };
}

export function version(number: number, overrides: Partial<QuestionVersion> = {}): QuestionVersion {
  return {
    version: number,
    source: number === 1 ? 'import' : 'edit',
    changes: number === 1 ? [] : ['Enunciado alterado', 'Alternativa B alterada'],
    createdByName: number === 1 ? null : 'Edna Editora',
    createdAt: `2026-11-${String(18 + number).padStart(2, '0')}T13:00:00.000Z`,
    ...overrides,
  };
}

export function editing(overrides: Partial<QuestionEditing> = {}): QuestionEditing {
  return {
    questionId: QUESTION_ID,
    examId: EXAM_ID,
    number: 3,
    examLabel: 'Professor de Matemática · IBFC · 2017',
    snapshot: snapshot(),
    examTexts: {
      id_texto1: '<p>Seja f(x) = 2x − 1.</p>',
      id_texto2: '<p>Um texto sobre gráficos de funções.</p>',
    },
    disciplines: [
      { code: 'portugues', name: 'Língua Portuguesa' },
      { code: 'matematica', name: 'Matemática' },
    ],
    versions: [version(2), version(1)],
    ...overrides,
  };
}
