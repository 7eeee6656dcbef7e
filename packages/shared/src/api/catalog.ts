import { z } from 'zod';
import { CATALOG_MESSAGES } from '../messages/catalog';
import { idSchema, optionalText, text } from '../validation';

export const EXAM_PAGE_SIZE = 15;
export const QUESTION_PAGE_SIZE = 10;
/** The 'all' option every filter starts with. */
export const ALL_OPTIONS_LABEL = 'Todas as opções';

export const questionResponseCodeSchema = z.enum(['c', 'e']);

/** The seven filters of the exam list (docs/product-rules.md, "Exam filters"); empty = no filter. */
export const examFiltersSchema = z.object({
  cargo: optionalText(200),
  instituicao: optionalText(200),
  ano: optionalText(10),
  orgao: optionalText(200),
  nivel: optionalText(100),
  disciplina: optionalText(100),
  assunto: optionalText(200),
});
export const EXAM_FILTER_KEYS = [
  'cargo',
  'orgao',
  'nivel',
  'instituicao',
  'ano',
  'disciplina',
  'assunto',
] as const;
export type ExamFilterKey = (typeof EXAM_FILTER_KEYS)[number];

export const examSearchQuerySchema = examFiltersSchema.extend({
  cursor: optionalText(200),
});

export const facetOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Exams matching the other filters and this value. */
  count: z.number().int(),
});

export const examCardSchema = z.object({
  id: z.string(),
  cargo: z.string(),
  cargoGeral: z.string(),
  orgao: z.string(),
  nivel: z.string(),
  instituicao: z.string(),
  ano: z.string(),
  questionCount: z.number().int(),
  /** Questions of the filtered discipline (and subject); null without a discipline filter. */
  matchingQuestionCount: z.number().int().nullable(),
  /** The signed-in user has opened this exam before (the eye icon). */
  inHistory: z.boolean(),
  demonstration: z.boolean(),
});

export const examSearchResponseSchema = z.object({
  items: z.array(examCardSchema),
  total: z.number().int(),
  /** Options of each filter, computed with every other filter applied; sorted pt-BR, no 'all'. */
  facets: z.record(z.enum(EXAM_FILTER_KEYS), z.array(facetOptionSchema)),
  nextCursor: z.string().nullable(),
});

export const questionCardSchema = z.object({
  id: z.string(),
  examId: z.string(),
  number: z.number().int(),
  disciplina: z.string(),
  disciplinaNome: z.string(),
  assunto: z.string(),
  /** The user's recorded answer: 'c' correct, 'e' wrong, null not answered. */
  response: questionResponseCodeSchema.nullable(),
});

export const examDetailResponseSchema = z.object({
  exam: examCardSchema.omit({ matchingQuestionCount: true }),
  questions: z.array(questionCardSchema),
});

export const disciplineSchema = z.object({
  code: z.string(),
  name: z.string(),
  questionCount: z.number().int(),
  subjects: z.array(z.object({ name: z.string(), questionCount: z.number().int() })),
});
export const disciplinesResponseSchema = z.object({ disciplines: z.array(disciplineSchema) });

export const disciplineQuestionsQuerySchema = z.object({
  assunto: optionalText(200),
  cursor: optionalText(200),
});
export const disciplineQuestionsResponseSchema = z.object({
  items: z.array(questionCardSchema.extend({ examLabel: z.string() })),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

export const questionDetailSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  exam: examCardSchema.pick({
    id: true,
    cargo: true,
    orgao: true,
    instituicao: true,
    ano: true,
    nivel: true,
    demonstration: true,
  }),
  disciplina: z.string(),
  disciplinaNome: z.string(),
  assunto: z.string(),
  /** Sanitized HTML. */
  statementHtml: z.string(),
  alternatives: z.array(z.object({ letter: z.string(), text: z.string() })),
  referenceTexts: z.array(z.object({ key: z.string(), html: z.string() })),
  image: z.object({ url: z.string(), description: z.string() }).nullable(),
  /**
   * The user's first answer to this question, kept in the history. The viewer still opens with no
   * selection (the key is not part of this: it comes only from checking).
   */
  recordedAnswer: z
    .object({
      letter: z.string(),
      response: questionResponseCodeSchema,
      answeredAt: z.string(),
    })
    .nullable(),
});

export const checkAnswerRequestSchema = z.object({
  letter: text(1).regex(/^[A-E]$/, CATALOG_MESSAGES.invalidLetter),
});
/** Path parameters of the catalogue and study routes. */
export const questionParamsSchema = z.object({ id: idSchema });
export const examParamsSchema = z.object({ examId: idSchema });
export const disciplineParamsSchema = z.object({ code: idSchema });
export const imageParamsSchema = z.object({ assetId: idSchema });
export const checkAnswerResponseSchema = z.object({ correct: z.boolean(), gabarito: z.string() });

export const FREE_DAILY_QUESTION_LIMIT = 3;

export type ExamFilters = z.infer<typeof examFiltersSchema>;
export type ExamSearchResponse = z.infer<typeof examSearchResponseSchema>;
export type ExamCard = z.infer<typeof examCardSchema>;
export type FacetOption = z.infer<typeof facetOptionSchema>;
export type QuestionCard = z.infer<typeof questionCardSchema>;
export type ExamDetailResponse = z.infer<typeof examDetailResponseSchema>;
export type Discipline = z.infer<typeof disciplineSchema>;
export type DisciplineQuestionsResponse = z.infer<typeof disciplineQuestionsResponseSchema>;
export type QuestionDetail = z.infer<typeof questionDetailSchema>;
export type CheckAnswerResponse = z.infer<typeof checkAnswerResponseSchema>;
