import { z } from 'zod';
import { CATALOG_MESSAGES } from '../messages/catalog';
import { idSchema, optionalText, text } from '../validation';

export const EXAM_PAGE_SIZE = 15;
export const QUESTION_PAGE_SIZE = 10;
/** The 'all' option every filter starts with. */
export const ALL_OPTIONS_LABEL = 'Todas as opções';

export const questionResponseCodeSchema = z.enum(['c', 'e']);

/**
 * 'annulled': cancelled by the exam board, cannot be checked and counts nowhere; 'outdated': a later
 * law or rule changed what it tests, shown with a notice (docs/product-rules.md, "Annulled and
 * outdated questions").
 */
export const QUESTION_STATUSES = ['regular', 'annulled', 'outdated'] as const;
export const questionStatusSchema = z.enum(QUESTION_STATUSES);
export type QuestionStatus = z.infer<typeof questionStatusSchema>;

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
  status: questionStatusSchema,
});

/** Where an exam came from and under which licence (optional in the import format). */
export const examSourceSchema = z.object({
  origem: z.string(),
  licenca: z.string().nullable(),
  /** http(s) only. */
  url: z.string().nullable(),
});
export type ExamSource = z.infer<typeof examSourceSchema>;

export const examDetailResponseSchema = z.object({
  exam: examCardSchema.omit({ matchingQuestionCount: true }).extend({
    /** Annulled questions are listed but not part of `questionCount`. */
    annulledCount: z.number().int(),
    outdatedCount: z.number().int(),
    source: examSourceSchema.nullable(),
  }),
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
  /** 'true' leaves outdated questions out of the list and its total. */
  ocultarDesatualizadas: z.enum(['true', 'false'], CATALOG_MESSAGES.invalidBoolean).optional(),
});
export const disciplineQuestionsResponseSchema = z.object({
  items: z.array(questionCardSchema.extend({ examLabel: z.string() })),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

/** An image asset as the viewer draws it. */
export const figureSchema = z.object({
  assetId: z.string(),
  /** The version for the page (large rasters are re-encoded to a sensible width). */
  url: z.string(),
  /** The original, for the full-screen view; null when the page version is the original. */
  zoomUrl: z.string().nullable(),
  /** Null for images imported before format 2: drawn at their own size. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * The narrowest the figure may be drawn (CSS px) so its text stays readable (at least 12 px);
   * narrower screens scroll inside the figure. Null: it may shrink to fit.
   */
  minWidth: z.number().int().nullable(),
});
export type Figure = z.infer<typeof figureSchema>;

/**
 * An alternative: `text` is always its plain text (figures as "[Figura: …]"); `html` is set for
 * formatted alternatives, `figure` for an alternative that is an image.
 */
export const alternativeSchema = z.object({
  letter: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  figure: z.object({ assetId: z.string(), description: z.string() }).nullable(),
});
export type Alternative = z.infer<typeof alternativeSchema>;

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
  status: questionStatusSchema,
  /** What changed (outdated) or why it was annulled; null when the file gives none. */
  statusNote: z.string().nullable(),
  /** Sanitized HTML; `<figura imagem="…">` markers name entries of `figures`. */
  statementHtml: z.string(),
  alternatives: z.array(alternativeSchema),
  referenceTexts: z.array(z.object({ key: z.string(), html: z.string() })),
  /** The format-1 image, shown after the statement. */
  image: z.object({ assetId: z.string(), url: z.string(), description: z.string() }).nullable(),
  /** Every image the statement, reference texts, alternatives or `image` use. */
  figures: z.array(figureSchema),
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

/** GET /me/question-checks: today's free checks (São Paulo day); `limit` null = no limit (Premium). */
export const questionChecksResponseSchema = z.object({
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type QuestionChecksResponse = z.infer<typeof questionChecksResponseSchema>;

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
