import { z } from 'zod/mini';
import { optionalText, text } from '../validation';
import { tokenPairSchema } from './ai';

/**
 * Where a help-centre message stands in the support inbox (docs/product-rules.md, "Operations
 * console"): new → answered (a reply was e-mailed) → closed; a closed message may be reopened.
 */
export const HELP_REQUEST_STATUSES = ['new', 'answered', 'closed'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];

export const HELP_REQUEST_STATUS_LABELS: Record<HelpRequestStatus, string> = {
  new: 'Novo',
  answered: 'Respondido',
  closed: 'Encerrado',
};

export const HELP_INBOX_PAGE_SIZE = 30;
export const HELP_REPLY_MAX_LENGTH = 5000;
export const HELP_INBOX_SEARCH_MAX_LENGTH = 200;

export const HELP_INBOX_MESSAGES = {
  notFound: 'Mensagem não encontrada.',
  replyEmpty: 'Escreva a resposta ao cliente.',
  replyTooLong: 'A resposta deve ter no máximo 5.000 caracteres.',
  replySent: (email: string) => `Resposta enviada para ${email}.`,
  closed: 'Mensagem encerrada.',
  reopened: 'Mensagem reaberta como "Novo".',
  statusInvalid: 'Escolha encerrar ou reabrir a mensagem.',
} as const;

/**
 * Starting texts for a reply; the operator picks one, edits it and sends. `{nome}` becomes the
 * customer's first name (fillHelpReplyTemplate).
 */
export const HELP_REPLY_TEMPLATES = [
  {
    id: 'pix-pendente',
    label: 'Pagamento PIX não confirmado',
    text: 'Olá, {nome}! Verificamos o seu pagamento por PIX. A confirmação costuma levar alguns minutos depois do pagamento; se o valor já saiu da sua conta, envie o comprovante respondendo a este e-mail que liberamos o acesso.',
  },
  {
    id: 'cancelar',
    label: 'Como cancelar',
    text: 'Olá, {nome}! O plano do Gabarita não tem renovação automática: ele termina sozinho no fim da validade, sem novas cobranças. Não é preciso cancelar nada.',
  },
  {
    id: 'erro-questao',
    label: 'Erro na questão',
    text: 'Olá, {nome}! Obrigado por avisar. Para que a equipe analise, use o botão "Reportar erro" na própria questão: assim o reporte chega com a questão certa e você acompanha a resposta em "Meus reportes".',
  },
  {
    id: 'recuperar-acesso',
    label: 'Recuperar acesso',
    text: 'Olá, {nome}! Para recuperar o acesso, use "Esqueci minha senha" na tela de entrada com o e-mail da sua conta. Se você entrou com o Google, use o botão "Entrar com Google".',
  },
] as const;
export type HelpReplyTemplate = (typeof HELP_REPLY_TEMPLATES)[number];

/** A template's text for this customer: `{nome}` becomes the first name of the name given. */
export function fillHelpReplyTemplate(template: Pick<HelpReplyTemplate, 'text'>, name: string) {
  const firstName = name.trim().split(/\s+/)[0] ?? '';
  return template.text.replaceAll('{nome}', firstName);
}

export const helpInboxQuerySchema = z.object({
  /** One status; absent: every message. */
  situacao: z.optional(z.enum(HELP_REQUEST_STATUSES)),
  /** Part of the sender's e-mail or name, or of the message. */
  busca: optionalText(HELP_INBOX_SEARCH_MAX_LENGTH),
  /** The next page: messages received before this one. */
  antes: z.optional(z.uuid()),
});
export type HelpInboxQuery = z.infer<typeof helpInboxQuerySchema>;

export const helpInboxItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The start of the message. */
  snippet: z.string(),
  status: z.enum(HELP_REQUEST_STATUSES),
  createdAt: z.string(),
  replies: z.number(),
});
export type HelpInboxItem = z.infer<typeof helpInboxItemSchema>;

export const helpInboxPageSchema = z.object({
  items: z.array(helpInboxItemSchema),
  next: z.nullable(z.string()),
  /** Messages per status, with the search applied. */
  counts: z.record(z.enum(HELP_REQUEST_STATUSES), z.number()),
});
export type HelpInboxPage = z.infer<typeof helpInboxPageSchema>;

/** The sender's account as support needs it beside the message. */
export const helpAccountSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  accountType: z.enum(['free', 'premium']),
  /** The plan's last day (São Paulo calendar, YYYY-MM-DD), or null without a plan. */
  planEndsOn: z.nullable(z.string()),
  verified: z.boolean(),
  blocked: z.boolean(),
  createdAt: z.string(),
  /** The token package balance, or null when the customer holds none (or it ended). */
  packageTokens: z.nullable(tokenPairSchema),
});
export type HelpAccount = z.infer<typeof helpAccountSchema>;

export const helpReplySchema = z.object({
  id: z.string(),
  authorName: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
export type HelpReply = z.infer<typeof helpReplySchema>;

export const helpRequestDetailSchema = z.object({
  request: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    status: z.enum(HELP_REQUEST_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  /** The thread: every reply, oldest first. */
  replies: z.array(helpReplySchema),
  account: z.nullable(helpAccountSchema),
});
export type HelpRequestDetail = z.infer<typeof helpRequestDetailSchema>;

export const helpRequestParamsSchema = z.object({ id: z.uuid() });

export const helpReplyRequestSchema = z.object({
  body: text(
    HELP_REPLY_MAX_LENGTH,
    HELP_INBOX_MESSAGES.replyTooLong,
    HELP_INBOX_MESSAGES.replyEmpty,
  ).check(z.trim(), z.minLength(1, HELP_INBOX_MESSAGES.replyEmpty)),
});

/** Support closes a message or reopens it; 'answered' comes only from sending a reply. */
export const helpStatusUpdateSchema = z.object({
  status: z.enum(['new', 'closed'], HELP_INBOX_MESSAGES.statusInvalid),
});
export type HelpStatusUpdate = z.infer<typeof helpStatusUpdateSchema>;

export const helpActionResponseSchema = z.object({
  message: z.string(),
  detail: helpRequestDetailSchema,
});
export type HelpActionResponse = z.infer<typeof helpActionResponseSchema>;
