import { z } from 'zod';

export const HELP_MESSAGE_MAX_LENGTH = 5000;
export const ERROR_REPORT_TEXT_MAX_LENGTH = 2000;
/** Where people write to the team (help centre, terms, privacy policy). */
export const SUPPORT_CONTACT_EMAIL = 'suporte@gabarita.app';
export const SUPPORT_REPLY_HOURS = 24;

/** Spec section 9, "Report error types", in the spec's order. */
export const ERROR_REPORT_TYPES = [
  'Enunciado com erro na redação',
  'Alternativas com erro na redação',
  'Gabarito divergente',
  'Texto de referência ausente',
  'Imagem de referência ausente',
  'IA não consegue interpretar a imagem',
  'IA não consegue gerar feedback',
  'Outro',
] as const;
export type ErrorReportType = (typeof ERROR_REPORT_TYPES)[number];

export const helpRequestSchema = z.object({
  mensagem: z.string().max(HELP_MESSAGE_MAX_LENGTH * 2),
});
export const errorReportRequestSchema = z.object({
  questionId: z.string().max(300),
  type: z.string().max(100),
  text: z
    .string()
    .max(ERROR_REPORT_TEXT_MAX_LENGTH * 2)
    .optional(),
});
export const supportResponseSchema = z.object({ message: z.string() });

export type HelpRequest = z.infer<typeof helpRequestSchema>;
export type ErrorReportRequest = z.infer<typeof errorReportRequestSchema>;
