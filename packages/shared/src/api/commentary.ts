import { z } from 'zod/mini';

/** The kinds of basis a comment may cite (format 2 `comentario.fundamento[].tipo`). */
export const COMMENTARY_SOURCE_KINDS = [
  'lei',
  'sumula',
  'jurisprudencia',
  'doutrina',
  'outro',
] as const;
export type CommentarySourceKind = (typeof COMMENTARY_SOURCE_KINDS)[number];

export const COMMENTARY_SOURCE_LABELS: Record<CommentarySourceKind, string> = {
  lei: 'Legislação',
  sumula: 'Súmula',
  jurisprudencia: 'Jurisprudência',
  doutrina: 'Doutrina',
  outro: 'Referência',
};

export const commentarySourceSchema = z.object({
  kind: z.enum(COMMENTARY_SOURCE_KINDS),
  reference: z.string(),
  url: z.nullable(z.string()),
});
export type CommentarySource = z.infer<typeof commentarySourceSchema>;

const commentaryAuthorSchema = z.object({
  name: z.nullable(z.string()),
  reviewedOn: z.nullable(z.string()),
});
const commentaryReasonSchema = z.object({ letter: z.string(), html: z.string() });

/** A question's authored comment as stored: sanitized HTML, every alternative covered. */
export const questionCommentarySchema = z.object({
  summaryHtml: z.string(),
  reasons: z.array(commentaryReasonSchema),
  sources: z.array(commentarySourceSchema),
  author: commentaryAuthorSchema,
});
export type QuestionCommentary = z.infer<typeof questionCommentarySchema>;

/**
 * GET /api/questions/:id/commentary, after the user's check (docs/product-rules.md, "Authored
 * comments"): the summary for everyone; the reasons and the basis only with the tutor's access
 * (`locked` otherwise).
 */
export const questionCommentaryResponseSchema = z.union([
  z.object({ available: z.literal(false) }),
  z.object({
    available: z.literal(true),
    summaryHtml: z.string(),
    author: commentaryAuthorSchema,
    locked: z.boolean(),
    reasons: z.array(commentaryReasonSchema),
    sources: z.array(commentarySourceSchema),
  }),
]);
export type QuestionCommentaryResponse = z.infer<typeof questionCommentaryResponseSchema>;

/** The team's study notes on a discipline's subject (format 2 `notas/<disciplina>.json`). */
export const subjectStudyNotesSchema = z.object({
  textHtml: z.string(),
  trapsHtml: z.array(z.string()),
  sources: z.array(commentarySourceSchema),
});
export type SubjectStudyNotes = z.infer<typeof subjectStudyNotesSchema>;
