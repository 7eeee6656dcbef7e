import { z } from 'zod/mini';
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

/**
 * What kind of exam it is (format 2 `tipo`). Cargo, órgão and nível belong to concursos and are null
 * for the others (docs/product-rules.md, "Exam kinds").
 */
export const EXAM_KINDS = ['concurso', 'vestibular', 'enem', 'certificacao', 'olimpiada'] as const;
export const examKindSchema = z.enum(EXAM_KINDS);
export type ExamKind = z.infer<typeof examKindSchema>;
export const EXAM_KIND_LABELS: Record<ExamKind, string> = {
  concurso: 'Concurso',
  vestibular: 'Vestibular',
  enem: 'ENEM',
  certificacao: 'Certificação',
  olimpiada: 'Olimpíada',
};

/** A named group of questions of which a candidate takes one (format 2 `opcoes`), e.g. a language. */
export const examOptionSchema = z.object({ key: z.string(), name: z.string() });
export type ExamOption = z.infer<typeof examOptionSchema>;

/** The eight filters of the exam list (docs/product-rules.md, "Exam filters"); empty = no filter. */
export const examFiltersSchema = z.object({
  tipo: optionalText(30),
  cargo: optionalText(200),
  instituicao: optionalText(200),
  ano: optionalText(10),
  orgao: optionalText(200),
  nivel: optionalText(100),
  disciplina: optionalText(100),
  assunto: optionalText(200),
});
export const EXAM_FILTER_KEYS = [
  'tipo',
  'cargo',
  'orgao',
  'nivel',
  'instituicao',
  'ano',
  'disciplina',
  'assunto',
] as const;
export type ExamFilterKey = (typeof EXAM_FILTER_KEYS)[number];

export const examSearchQuerySchema = z.extend(examFiltersSchema, {
  cursor: optionalText(200),
});

export const facetOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Exams (on the exam list) or questions (GET /questions/facets) matching the other filters and this value. */
  count: z.int(),
});

export const examCardSchema = z.object({
  id: z.string(),
  kind: examKindSchema,
  cargo: z.nullable(z.string()),
  /** The general post the Cargo filter matches; null, like cargo, outside concursos. */
  cargoGeral: z.nullable(z.string()),
  orgao: z.nullable(z.string()),
  nivel: z.nullable(z.string()),
  instituicao: z.string(),
  ano: z.string(),
  questionCount: z.int(),
  /** Questions of the filtered discipline (and subject); null without a discipline filter. */
  matchingQuestionCount: z.nullable(z.int()),
  /** The signed-in user has opened this exam before (the eye icon). */
  inHistory: z.boolean(),
  demonstration: z.boolean(),
  /** Option blocks; empty when the exam has none. */
  options: z.array(examOptionSchema),
});

export const examSearchResponseSchema = z.object({
  items: z.array(examCardSchema),
  total: z.int(),
  /** Options of each filter, computed with every other filter applied; sorted pt-BR, no 'all'. */
  facets: z.record(z.enum(EXAM_FILTER_KEYS), z.array(facetOptionSchema)),
  nextCursor: z.nullable(z.string()),
});

export const questionCardSchema = z.object({
  id: z.string(),
  examId: z.string(),
  number: z.int(),
  disciplina: z.string(),
  disciplinaNome: z.string(),
  assunto: z.string(),
  /** The user's recorded answer: 'c' correct, 'e' wrong, null not answered. */
  response: z.nullable(questionResponseCodeSchema),
  status: questionStatusSchema,
  /** The option block the question belongs to; null: part of every candidate's exam. */
  optionKey: z.nullable(z.string()),
});

/** Where an exam came from and under which licence (optional in the import format). */
export const examSourceSchema = z.object({
  origem: z.string(),
  licenca: z.nullable(z.string()),
  /** http(s) only. */
  url: z.nullable(z.string()),
});
export type ExamSource = z.infer<typeof examSourceSchema>;

export const examDetailResponseSchema = z.object({
  exam: z.extend(z.omit(examCardSchema, { matchingQuestionCount: true }), {
    /** Annulled questions are listed but not part of `questionCount`. */
    annulledCount: z.int(),
    outdatedCount: z.int(),
    source: z.nullable(examSourceSchema),
    /**
     * The option block the user chose (`options[].key`); null before a choice, for visitors and
     * without options. Once chosen, `questions` holds the common questions and the chosen block's
     * only; before, every block's too (each with its `optionKey`), so the page can offer the choice.
     */
    chosenOption: z.nullable(z.string()),
  }),
  questions: z.array(questionCardSchema),
});

/** PUT /api/exams/:examId/opcao: the option block the user takes in this exam. */
export const examOptionChoiceRequestSchema = z.object({ opcao: text(60) });
export const examOptionChoiceResponseSchema = z.object({ chosenOption: z.string() });

export const disciplineSchema = z.object({
  code: z.string(),
  name: z.string(),
  questionCount: z.int(),
  subjects: z.array(z.object({ name: z.string(), questionCount: z.int() })),
});
export const disciplinesResponseSchema = z.object({ disciplines: z.array(disciplineSchema) });

export const disciplineQuestionsQuerySchema = z.object({
  assunto: optionalText(200),
  cursor: optionalText(200),
  /** 'true' leaves outdated questions out of the list and its total. */
  ocultarDesatualizadas: z.optional(z.enum(['true', 'false'], CATALOG_MESSAGES.invalidBoolean)),
});
export const disciplineQuestionsResponseSchema = z.object({
  items: z.array(z.extend(questionCardSchema, { examLabel: z.string() })),
  total: z.int(),
  nextCursor: z.nullable(z.string()),
});

/** An image asset as the viewer draws it. */
export const figureSchema = z.object({
  assetId: z.string(),
  /** The version for the page (large rasters are re-encoded to a sensible width). */
  url: z.string(),
  /** The original, for the full-screen view; null when the page version is the original. */
  zoomUrl: z.nullable(z.string()),
  /** Null for images imported before format 2: drawn at their own size. */
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  /**
   * The narrowest the figure may be drawn (CSS px) so its text stays readable (at least 12 px);
   * narrower screens scroll inside the figure. Null: it may shrink to fit.
   */
  minWidth: z.nullable(z.int()),
});
export type Figure = z.infer<typeof figureSchema>;

/**
 * An alternative: `text` is always its plain text (figures as "[Figura: …]"); `html` is set for
 * formatted alternatives, `figure` for an alternative that is an image.
 */
export const alternativeSchema = z.object({
  letter: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  figure: z.nullable(z.object({ assetId: z.string(), description: z.string() })),
});
export type Alternative = z.infer<typeof alternativeSchema>;

export const questionDetailSchema = z.object({
  id: z.string(),
  number: z.int(),
  exam: z.pick(examCardSchema, {
    id: true,
    kind: true,
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
  /** The option block the question belongs to (e.g. Inglês); null for a common question. */
  option: z.nullable(examOptionSchema),
  status: questionStatusSchema,
  /** What changed (outdated) or why it was annulled; null when the file gives none. */
  statusNote: z.nullable(z.string()),
  /**
   * Retired by a re-import that left it out: no longer in the exam's list, counts or search, but
   * kept where a student's history holds it (docs/product-rules.md, "Retired questions").
   */
  retired: z.boolean(),
  /** Sanitized HTML; `<figura imagem="…">` markers name entries of `figures`. */
  statementHtml: z.string(),
  alternatives: z.array(alternativeSchema),
  referenceTexts: z.array(z.object({ key: z.string(), html: z.string() })),
  /** The format-1 image, shown after the statement. */
  image: z.nullable(z.object({ assetId: z.string(), url: z.string(), description: z.string() })),
  /** Every image the statement, reference texts, alternatives or `image` use. */
  figures: z.array(figureSchema),
  /**
   * The user's first answer to this question, kept in the history. The viewer still opens with no
   * selection (the key is not part of this: it comes only from checking).
   */
  recordedAnswer: z.nullable(
    z.object({
      letter: z.string(),
      response: questionResponseCodeSchema,
      answeredAt: z.string(),
    }),
  ),
});

export const checkAnswerRequestSchema = z.object({
  letter: text(1).check(z.regex(/^[A-E]$/, CATALOG_MESSAGES.invalidLetter)),
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
  limit: z.nullable(z.int()),
  used: z.int(),
  remaining: z.nullable(z.int()),
  /** Free accounts past the limit whose package can pay the next check: what it costs in tokens. */
  packageCheckTokens: z.nullable(z.int()),
});
export type QuestionChecksResponse = z.infer<typeof questionChecksResponseSchema>;

export type ExamFilters = z.infer<typeof examFiltersSchema>;
export type ExamSearchResponse = z.infer<typeof examSearchResponseSchema>;
export type ExamCard = z.infer<typeof examCardSchema>;
export type FacetOption = z.infer<typeof facetOptionSchema>;

/** GET /api/questions/facets: the search filters' options, each counting matching questions. */
export const questionFacetsResponseSchema = z.object({
  facets: z.record(z.enum(EXAM_FILTER_KEYS), z.array(facetOptionSchema)),
});
export type QuestionFacetsResponse = z.infer<typeof questionFacetsResponseSchema>;
export type QuestionCard = z.infer<typeof questionCardSchema>;
export type ExamDetailResponse = z.infer<typeof examDetailResponseSchema>;
export type Discipline = z.infer<typeof disciplineSchema>;
export type DisciplineQuestionsResponse = z.infer<typeof disciplineQuestionsResponseSchema>;
export type QuestionDetail = z.infer<typeof questionDetailSchema>;
export type CheckAnswerResponse = z.infer<typeof checkAnswerResponseSchema>;
