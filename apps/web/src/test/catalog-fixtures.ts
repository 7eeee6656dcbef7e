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
    kind: 'concurso',
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
    options: [],
    ...overrides,
  };
}

/** An ENEM-style exam: no cargo, órgão or nível, and a foreign-language option block. */
export const ENEM_OPTIONS = [
  { key: 'ingles', name: 'Inglês' },
  { key: 'espanhol', name: 'Espanhol' },
];

export function enemExamCard(overrides: Partial<ExamCard> = {}): ExamCard {
  return examCard({
    id: 'enem_2023_dia1',
    kind: 'enem',
    cargo: null,
    cargoGeral: null,
    orgao: null,
    nivel: null,
    instituicao: 'INEP',
    ano: '2023',
    questionCount: 95,
    options: ENEM_OPTIONS,
    ...overrides,
  });
}

export const EMPTY_FACETS: ExamSearchResponse['facets'] = {
  tipo: [],
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
    optionKey: null,
    ...overrides,
  };
}

/**
 * The ENEM exam's questions before a choice: two common ones, then questions 1 and 2 of each
 * language block (the blocks share numbers).
 */
export function enemQuestions(): QuestionCard[] {
  const enem = (id: string, number: number, overrides: Partial<QuestionCard>) =>
    questionCard(number, {
      id: `enem_2023_dia1_${id}`,
      examId: 'enem_2023_dia1',
      disciplina: 'linguagens',
      disciplinaNome: 'Linguagens',
      assunto: 'Interpretação de texto',
      ...overrides,
    });
  return [
    enem('ingles_1', 1, { optionKey: 'ingles', assunto: 'Língua inglesa' }),
    enem('ingles_2', 2, { optionKey: 'ingles', assunto: 'Língua inglesa' }),
    enem('espanhol_1', 1, { optionKey: 'espanhol', assunto: 'Língua espanhola' }),
    enem('espanhol_2', 2, { optionKey: 'espanhol', assunto: 'Língua espanhola' }),
    enem('6', 6, {}),
    enem('7', 7, { response: 'c' }),
  ];
}

export function examDetail(
  questions: QuestionCard[],
  overrides: Partial<ExamDetailResponse['exam']> = {},
): ExamDetailResponse {
  const { matchingQuestionCount: _omit, ...exam } = examCard();
  return {
    exam: {
      ...exam,
      annulledCount: 0,
      outdatedCount: 0,
      source: null,
      chosenOption: null,
      ...overrides,
    },
    questions,
  };
}

/** GET /exams/enem_2023_dia1 as the server answers it: every block before a choice, else one. */
export function enemExamDetail(chosenOption: string | null = null): ExamDetailResponse {
  const { matchingQuestionCount: _omit, ...exam } = enemExamCard();
  return examDetail(
    enemQuestions().filter(
      (question) =>
        chosenOption === null || question.optionKey === null || question.optionKey === chosenOption,
    ),
    { ...exam, chosenOption },
  );
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
      kind: 'concurso',
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
    option: null,
    status: 'regular',
    statusNote: null,
    retired: false,
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

const ENEM_BLOCK_SUBJECTS: Record<string, string> = {
  ingles: 'Língua inglesa',
  espanhol: 'Língua espanhola',
};

/**
 * A question of the ENEM exam (`enemQuestions`' ids without the exam prefix: 'ingles_1', '6'), with
 * its option block when it has one.
 */
export function enemQuestionDetail(
  key: string,
  number: number,
  overrides: Partial<QuestionDetail> = {},
): QuestionDetail {
  const optionKey = key.includes('_') ? key.split('_')[0]! : null;
  return questionDetail(number, {
    id: `enem_2023_dia1_${key}`,
    exam: {
      id: 'enem_2023_dia1',
      kind: 'enem',
      cargo: null,
      orgao: null,
      nivel: null,
      instituicao: 'INEP',
      ano: '2023',
      demonstration: false,
    },
    disciplina: 'linguagens',
    disciplinaNome: 'Linguagens',
    assunto: optionKey ? ENEM_BLOCK_SUBJECTS[optionKey]! : 'Interpretação de texto',
    option: ENEM_OPTIONS.find((option) => option.key === optionKey) ?? null,
    ...overrides,
  });
}
