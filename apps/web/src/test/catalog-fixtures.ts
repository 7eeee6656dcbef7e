import type {
  DisciplineQuestionsResponse,
  ExamCard,
  ExamDetailResponse,
  ExamSearchResponse,
  QuestionCard,
  QuestionDetail,
} from '@gabarita/shared';

/** Factories for catalogue answers; each test overrides what it asserts on. */

export function examCard(overrides: Partial<ExamCard> = {}): ExamCard {
  return {
    id: 'cmvv_2017_matematica_prova',
    cargo: 'Professor de Matemática',
    cargoGeral: 'Professor',
    orgao: 'Câmara Municipal de Valinhos',
    nivel: 'Superior',
    instituicao: 'IBFC',
    ano: '2017',
    questionCount: 40,
    matchingQuestionCount: null,
    inHistory: false,
    demonstration: false,
    ...overrides,
  };
}

export const EMPTY_FACETS: ExamSearchResponse['facets'] = {
  cargo: [],
  orgao: [],
  nivel: [],
  instituicao: [],
  ano: [],
  disciplina: [],
  assunto: [],
};

export function examSearch(overrides: Partial<ExamSearchResponse> = {}): ExamSearchResponse {
  const items = overrides.items ?? [examCard()];
  return { items, total: items.length, facets: EMPTY_FACETS, nextCursor: null, ...overrides };
}

export function questionCard(number: number, overrides: Partial<QuestionCard> = {}): QuestionCard {
  return {
    id: `cmvv_2017_matematica_prova_${number}`,
    examId: 'cmvv_2017_matematica_prova',
    number,
    disciplina: 'matematica',
    disciplinaNome: 'Matemática',
    assunto: 'Frações',
    response: null,
    status: 'regular',
    ...overrides,
  };
}

export function examDetail(
  questions: QuestionCard[],
  overrides: Partial<ExamDetailResponse['exam']> = {},
): ExamDetailResponse {
  const { matchingQuestionCount: _omit, ...exam } = examCard();
  return {
    exam: { ...exam, annulledCount: 0, outdatedCount: 0, source: null, ...overrides },
    questions,
  };
}

export function disciplinePage(
  items: QuestionCard[],
  overrides: Partial<DisciplineQuestionsResponse> = {},
): DisciplineQuestionsResponse {
  return {
    items: items.map((item) => ({
      ...item,
      examLabel: 'Professor de Matemática — Câmara Municipal de Valinhos, 2017, IBFC',
    })),
    total: items.length,
    nextCursor: null,
    ...overrides,
  };
}

export function questionDetail(
  number: number,
  overrides: Partial<QuestionDetail> = {},
): QuestionDetail {
  return {
    id: `cmvv_2017_matematica_prova_${number}`,
    number,
    exam: {
      id: 'cmvv_2017_matematica_prova',
      cargo: 'Professor de Matemática',
      orgao: 'Câmara Municipal de Valinhos',
      instituicao: 'IBFC',
      ano: '2017',
      nivel: 'Superior',
      demonstration: false,
    },
    disciplina: 'matematica',
    disciplinaNome: 'Matemática',
    assunto: 'Frações',
    status: 'regular',
    statusNote: null,
    statementHtml: `<p>Enunciado da questão ${number}.</p>`,
    alternatives: ['A', 'B', 'C', 'D'].map((letter) => ({
      letter,
      text: `Alternativa ${letter} da questão ${number}`,
      html: null,
      figure: null,
    })),
    referenceTexts: [],
    image: null,
    figures: [],
    recordedAnswer: null,
    ...overrides,
  };
}
