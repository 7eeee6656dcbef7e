import { z } from 'zod/mini';
import { text } from '../validation';
import { EDITAL_LIMITS, EDITAL_MESSAGES } from '../messages/study-plan';

/**
 * "Meu edital": an edital's syllabus taken from pasted text or its PDF, kept by the student as
 * disciplines → topics → sub-topics (docs/product-rules.md, "Plano de estudos").
 */

export interface SyllabusTopic {
  /** The edital's own number (`5.1`, `01`), or null for unnumbered items. */
  number: string | null;
  text: string;
  children: SyllabusTopic[];
}

// Registered by name: the API description can only refer to a recursive schema as a component.
export const syllabusTopicSchema: z.ZodMiniType<SyllabusTopic> = z
  .object({
    number: z.nullable(z.string()),
    text: z.string(),
    get children() {
      return z.array(syllabusTopicSchema);
    },
  })
  .register(z.globalRegistry, { id: 'SyllabusTopic' });

export const syllabusDisciplineSchema = z.object({
  name: z.string(),
  topics: z.array(syllabusTopicSchema),
});
export type SyllabusDiscipline = z.infer<typeof syllabusDisciplineSchema>;

const syllabusText = text(
  EDITAL_LIMITS.textMaxChars,
  EDITAL_MESSAGES.textTooLong,
  EDITAL_MESSAGES.textEmpty,
);

/** A São Paulo calendar day, `AAAA-MM-DD`. */
const examDate = z.nullable(
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, EDITAL_MESSAGES.invalidExamDate),
    z.refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, EDITAL_MESSAGES.invalidExamDate),
  ),
);

const editalName = text(EDITAL_LIMITS.nameMaxChars).check(
  z.refine((value) => value.trim().length > 0, EDITAL_MESSAGES.nameRequired),
);

export const syllabusPreviewRequestSchema = z.object({ text: syllabusText });

export const syllabusPreviewResponseSchema = z.object({
  disciplines: z.array(syllabusDisciplineSchema),
  topicCount: z.int(),
});
export type SyllabusPreview = z.infer<typeof syllabusPreviewResponseSchema>;

/** The text of an uploaded PDF and where its conteúdo programático seems to be (offsets in it). */
export const editalPdfTextResponseSchema = z.object({
  text: z.string(),
  pages: z.int(),
  section: z.nullable(z.object({ heading: z.string(), start: z.int(), end: z.int() })),
});
export type EditalPdfText = z.infer<typeof editalPdfTextResponseSchema>;

export const editalCreateSchema = z.object({
  name: editalName,
  examDate: z.optional(examDate),
  text: syllabusText,
});
export type EditalCreate = z.infer<typeof editalCreateSchema>;

export const editalUpdateSchema = z.object({
  name: z.optional(editalName),
  examDate: z.optional(examDate),
});

export const editalParamsSchema = z.object({ id: z.uuid(EDITAL_MESSAGES.notFound) });

export const editalSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  examDate: z.nullable(z.string()),
  disciplineCount: z.int(),
  topicCount: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EditalSummary = z.infer<typeof editalSummarySchema>;

export const editalListResponseSchema = z.object({ editais: z.array(editalSummarySchema) });

export const editalDetailSchema = z.object({
  ...editalSummarySchema.shape,
  disciplines: z.array(syllabusDisciplineSchema),
});
export type EditalDetail = z.infer<typeof editalDetailSchema>;

/** The upload's form field. */
export const EDITAL_PDF_FIELD = 'arquivo';
