import { z } from 'zod/mini';
import { SUPPORT_MESSAGES } from '../messages/support';
import { ID_MAX_LENGTH, text } from '../validation';

export const HELP_MESSAGE_MAX_LENGTH = 5000;
export const ERROR_REPORT_TEXT_MAX_LENGTH = 2000;
/** Where people write to the team (help centre, terms, privacy policy). */
export const SUPPORT_REPLY_HOURS = 24;

/** About the team's comment, offered once the student has read it (the question has one). */
export const COMMENT_ERROR_REPORT_TYPE = 'Erro no comentário da equipe';
/**
 * 'Reportar falta de comentário': asks the team to comment a question that has none yet; editors
 * read these reports as the list of questions to comment.
 */
export const MISSING_COMMENT_REPORT_TYPE = 'Falta de comentário da equipe';

/** The error-report types, in the product's order. */
export const ERROR_REPORT_TYPES = [
  'Enunciado com erro na redação',
  'Alternativas com erro na redação',
  'Gabarito divergente',
  COMMENT_ERROR_REPORT_TYPE,
  MISSING_COMMENT_REPORT_TYPE,
  'Texto de referência ausente',
  'Imagem de referência ausente',
  'IA não consegue interpretar a imagem',
  'IA não consegue gerar feedback',
  'Outro',
] as const;
export type ErrorReportType = (typeof ERROR_REPORT_TYPES)[number];

export const helpRequestSchema = z.object({
  mensagem: text(HELP_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGES.helpTooLong).check(
    z.trim(),
    z.minLength(1, SUPPORT_MESSAGES.helpEmpty),
  ),
});

/** An option is required, and 'Outro' needs its text (one message for both, as the spec words it). */
export const errorReportRequestSchema = z
  .object({
    questionId: text(
      ID_MAX_LENGTH,
      SUPPORT_MESSAGES.reportMissingData,
      SUPPORT_MESSAGES.reportMissingData,
    ).check(z.minLength(1, SUPPORT_MESSAGES.reportMissingData)),
    type: z.enum(ERROR_REPORT_TYPES, SUPPORT_MESSAGES.reportOptionRequired),
    text: z.pipe(
      z.optional(
        text(ERROR_REPORT_TEXT_MAX_LENGTH, SUPPORT_MESSAGES.reportTooLong).check(z.trim()),
      ),
      z.transform((value) => value || undefined),
    ),
  })
  .check(
    z.refine((report) => report.type !== 'Outro' || report.text, {
      path: ['text'],
      message: SUPPORT_MESSAGES.reportOptionRequired,
    }),
  );
export const supportResponseSchema = z.object({ message: z.string() });

export type HelpRequest = z.infer<typeof helpRequestSchema>;
export type ErrorReportRequest = z.infer<typeof errorReportRequestSchema>;
/** What a client sends (before trimming and defaults). */
export type ErrorReportInput = z.input<typeof errorReportRequestSchema>;
