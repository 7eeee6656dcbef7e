import { z } from 'zod/mini';
import { optionalText } from '../validation';

/** The editorial actions and operator commands the audit log records (docs/product-rules.md). */
export const AUDIT_ACTION_LABELS = {
  'question.edit': 'Questão editada',
  'question.restore': 'Versão restaurada',
  'image.replace': 'Imagem substituída',
  'answer-key.apply': 'Gabarito definitivo aplicado',
  'report.status': 'Reporte de erro atualizado',
  'report.reply': 'Resposta ao reporte enviada',
  'help.reply': 'Resposta à Central de Ajuda enviada',
  'help.status': 'Mensagem da Central de Ajuda atualizada',
  'content.import': 'Importação de conteúdo',
  'operator.command': 'Comando de operação',
  'account.grant-premium': 'Premium concedido',
  'account.grant-tokens': 'Tokens concedidos',
  'account.block': 'Conta bloqueada',
  'account.unblock': 'Conta desbloqueada',
  'account.resend-verification': 'Verificação reenviada',
  'account.end-sessions': 'Sessões encerradas',
  'payment.reconcile': 'Pagamento conciliado',
  'payment.refund': 'Pagamento reembolsado',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  /** Entries older than this id (the next page). */
  antes: z.optional(z.coerce.number().check(z.int(), z.positive())),
  acao: optionalText(40),
  alvo: optionalText(200),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.nullable(z.string()),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** `antes` of the next page, or null at the oldest entry. */
  next: z.nullable(z.number()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
