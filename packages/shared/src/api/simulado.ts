import { z } from 'zod/mini';
import { idSchema } from '../validation';
import { examFiltersSchema } from './catalog';

/**
 * Simulados: timed sessions whose key is shown only at the end (docs/product-rules.md,
 * "Simulados").
 */

/** Minutes per question when the exam's own duration is not known. */
export const SIMULADO_MINUTES_PER_QUESTION = 3;
export const SIMULADO_MAX_QUESTIONS = 100;
export const SIMULADO_DEFAULT_QUESTIONS = 20;

/** 'padrao': one point per right answer; 'cebraspe': a wrong answer cancels a right one. */
export const SIMULADO_SCORINGS = ['padrao', 'cebraspe'] as const;
export const simuladoScoringSchema = z.enum(SIMULADO_SCORINGS);
export type SimuladoScoring = z.infer<typeof simuladoScoringSchema>;

/** From an exam (`examId`), or from a search: the exam-list filters and how many questions. */
export const createSimuladoRequestSchema = z.object({
  examId: z.optional(idSchema),
  filters: z.optional(examFiltersSchema),
  count: z.optional(z.int().check(z.minimum(1), z.maximum(SIMULADO_MAX_QUESTIONS))),
  scoring: z._default(simuladoScoringSchema, 'padrao'),
});
export type CreateSimuladoRequest = z.input<typeof createSimuladoRequestSchema>;

export const simuladoParamsSchema = z.object({ id: z.uuid() });
export const simuladoAnswerParamsSchema = z.object({ id: z.uuid(), questionId: idSchema });
/** null leaves the question blank again. */
export const simuladoAnswerRequestSchema = z.object({
  letter: z.nullable(z.string().check(z.regex(/^[A-Z]$/))),
});

export const simuladoQuestionSchema = z.object({
  questionId: z.string(),
  position: z.int(),
  examId: z.string(),
  number: z.int(),
  disciplineName: z.string(),
  chosenLetter: z.nullable(z.string()),
  /** After the end only: the key and the outcome ('anulada': annulled since, counts nowhere). */
  gabarito: z.nullable(z.string()),
  outcome: z.nullable(z.enum(['certa', 'errada', 'em_branco', 'anulada'])),
});

export const simuladoDisciplineResultSchema = z.object({
  code: z.string(),
  name: z.string(),
  total: z.int(),
  correct: z.int(),
  wrong: z.int(),
  blank: z.int(),
  score: z.int(),
});

export const simuladoResultSchema = z.object({
  /** Padrão: rights; Cebraspe: rights − wrongs (may be negative). */
  score: z.int(),
  maxScore: z.int(),
  correct: z.int(),
  wrong: z.int(),
  blank: z.int(),
  timeUsedSeconds: z.int(),
  byDiscipline: z.array(simuladoDisciplineResultSchema),
});

export const simuladoSchema = z.object({
  id: z.string(),
  title: z.string(),
  examId: z.nullable(z.string()),
  scoring: simuladoScoringSchema,
  /** Every question is a Certo/Errado item: the Cebraspe rule may apply. */
  certoErrado: z.boolean(),
  status: z.enum(['em_andamento', 'finalizado']),
  /** 'tempo': the time ran out and the server finished it with what was saved. */
  finishedBy: z.nullable(z.enum(['usuario', 'tempo'])),
  startedAt: z.string(),
  deadline: z.string(),
  /** The server's clock when answering, so the page's countdown does not trust the device's. */
  serverNow: z.string(),
  timeLimitSeconds: z.int(),
  finishedAt: z.nullable(z.string()),
  questions: z.array(simuladoQuestionSchema),
  result: z.nullable(simuladoResultSchema),
});

export const simuladoSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  scoring: simuladoScoringSchema,
  status: z.enum(['em_andamento', 'finalizado']),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  questionCount: z.int(),
  result: z.nullable(z.omit(simuladoResultSchema, { byDiscipline: true })),
});
export const simuladoListResponseSchema = z.object({ items: z.array(simuladoSummarySchema) });

export type Simulado = z.infer<typeof simuladoSchema>;
export type SimuladoQuestion = z.infer<typeof simuladoQuestionSchema>;
export type SimuladoResult = z.infer<typeof simuladoResultSchema>;
export type SimuladoSummary = z.infer<typeof simuladoSummarySchema>;

/** The code of a refusal because a running simulado holds the question (or the subject). */
export const SIMULADO_IN_PROGRESS_CODE = 'simulado/in-progress';

export const SIMULADO_MESSAGES = {
  notFound: 'Simulado não encontrado.',
  noQuestions: 'Nenhuma questão atende aos filtros escolhidos. Tente remover algum deles.',
  sourceRequired: 'Escolha uma prova ou filtros para montar o simulado.',
  /** An exam with option blocks (e.g. the foreign language) before the user chose one. */
  optionRequired:
    'Esta prova tem opções (por exemplo, a língua estrangeira): escolha a sua no painel da prova antes de começar o simulado.',
  cebraspeNeedsCertoErrado:
    'A regra Cebraspe (uma errada anula uma certa) vale só para provas de Certo ou Errado.',
  notInSimulado: 'Esta questão não faz parte do simulado.',
  invalidLetter: 'Alternativa inválida para esta questão.',
  finished: 'Este simulado já foi finalizado.',
  timeOver: 'O tempo do simulado acabou. Ele foi finalizado com as respostas salvas.',
  questionInRunning:
    'Esta questão está no seu simulado em andamento: responda por lá. O gabarito e as explicações aparecem quando o simulado terminar.',
  subjectInRunning:
    'Este assunto tem questões do seu simulado em andamento: o texto de estudo fica disponível quando o simulado terminar.',
  premiumOnly:
    'Simulados são exclusivos para assinantes Premium: resolva uma prova inteira com tempo, veja o gabarito no fim e acompanhe seus resultados.',
} as const;
