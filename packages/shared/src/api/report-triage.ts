import { z } from 'zod/mini';
import { ID_MAX_LENGTH, optionalText, text } from '../validation';
import { ERROR_REPORT_TYPES } from './support';

/** Where an error report stands (docs/product-rules.md, "Error reports"). */
export const REPORT_STATUSES = ['new', 'reviewing', 'fixed', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  new: 'Novo',
  reviewing: 'Em análise',
  fixed: 'Corrigido',
  rejected: 'Recusado',
};

/** The queue's status filter: a status, the unresolved ones (the default) or all. */
export const REPORT_QUEUE_FILTERS = ['abertos', ...REPORT_STATUSES, 'todos'] as const;

export const REPORT_REPLY_MAX_LENGTH = 5000;
export const REPORT_QUEUE_PAGE_SIZE = 30;

export const REPORT_TRIAGE_MESSAGES = {
  notFound: 'Reporte não encontrado.',
  replyEmpty: 'Escreva a resposta ao estudante.',
  replyTooLong: 'A resposta deve ter no máximo 5.000 caracteres.',
  /** A starting text sent before it was completed ('Corrigimos a questão: '). */
  replyUnfinished:
    'Complete a resposta: ela termina em dois-pontos, como um modelo ainda por completar.',
  replySent: (email: string) => `Resposta enviada para ${email}.`,
  statusChanged: (label: string) => `Situação alterada para "${label}".`,
} as const;

/**
 * Starting texts for a reply, by the status it announces; the editor may edit them. 'Em análise'
 * and 'Recusado' are sendable as they are; 'Corrigido' asks the editor to say what was fixed, and
 * the reply is refused until it no longer ends in its colon. `{nome}` becomes the reporter's first
 * name, `{questao}` the question's label.
 */
export const REPORT_REPLY_TEMPLATES: Record<Exclude<ReportStatus, 'new'>, string> = {
  reviewing:
    'Olá, {nome}! Recebemos o seu reporte sobre a {questao} e estamos analisando. Avisaremos quando terminarmos.',
  fixed: 'Olá, {nome}! Obrigado por reportar o erro na {questao}. Corrigimos a questão: ',
  rejected:
    'Olá, {nome}! Obrigado por reportar. Analisamos a {questao} e ela está correta como publicada, por isso a mantivemos como está. Se ainda tiver dúvidas, escreva para nós pela Central de Ajuda.',
};

export const reportQueueQuerySchema = z.object({
  situacao: z.optional(z.enum(REPORT_QUEUE_FILTERS)),
  tipo: z.optional(z.enum(ERROR_REPORT_TYPES)),
  prova: optionalText(ID_MAX_LENGTH),
  disciplina: optionalText(ID_MAX_LENGTH),
  /** The next page: reports created before this one. */
  antes: z.optional(z.uuid()),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;

export const reportQueueItemSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  /** 'Professor de Matemática · IFSC · 2015, questão 12' */
  questionLabel: z.string(),
  examId: z.string(),
  disciplineName: z.string(),
  type: z.string(),
  text: z.nullable(z.string()),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  reporterName: z.string(),
  /** Unresolved reports on the same question, this one included. */
  openOnQuestion: z.number(),
  repliedAt: z.nullable(z.string()),
});
export type ReportQueueItem = z.infer<typeof reportQueueItemSchema>;

export const reportQueuePageSchema = z.object({
  items: z.array(reportQueueItemSchema),
  next: z.nullable(z.string()),
  /** Reports per status, with the other filters applied. */
  counts: z.record(z.enum(REPORT_STATUSES), z.number()),
});
export type ReportQueuePage = z.infer<typeof reportQueuePageSchema>;

export const reportDetailSchema = z.object({
  report: reportQueueItemSchema,
  reporter: z.object({ name: z.string(), email: z.string() }),
  reply: z.nullable(z.string()),
  handledBy: z.nullable(z.string()),
  /** For a fixed report: the question's version that was current then (the fix), or null. */
  fixedInVersion: z.nullable(z.number()),
  /** The key, which the question's public view hides until a check. */
  answerLetter: z.string(),
  /** Every other report on the same question, newest first. */
  others: z.array(reportQueueItemSchema),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportParamsSchema = z.object({ id: z.uuid() });

export const reportStatusUpdateSchema = z.object({
  status: z.enum(REPORT_STATUSES),
});

export const reportReplySchema = z.object({
  mensagem: text(REPORT_REPLY_MAX_LENGTH, REPORT_TRIAGE_MESSAGES.replyTooLong).check(
    z.trim(),
    z.minLength(1, REPORT_TRIAGE_MESSAGES.replyEmpty),
    z.refine((value) => !value.endsWith(':'), REPORT_TRIAGE_MESSAGES.replyUnfinished),
  ),
});

export const reportActionResponseSchema = z.object({
  message: z.string(),
  detail: reportDetailSchema,
});

/** 'Meus reportes' on /conta. */
export const myReportSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  examId: z.string(),
  questionLabel: z.string(),
  type: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  reply: z.nullable(z.string()),
  repliedAt: z.nullable(z.string()),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportsSchema = z.object({ reports: z.array(myReportSchema) });
