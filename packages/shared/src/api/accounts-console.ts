import { z } from 'zod/mini';
import { countLabel, plural } from '../plural';
import { text } from '../validation';
import { tokensResponseSchema } from './ai';
import { accountProviderSchema, accountTypeSchema, userRoleSchema } from './session';
import { planSchema } from './me';

/** The operations console's accounts (docs/product-rules.md, "Operations console"). */
export const ACCOUNTS_PAGE_SIZE = 30;
export const ACTION_REASON_MAX_LENGTH = 500;
/** Premium days one grant may give (the operator's command allows the same). */
export const PREMIUM_GRANT_MAX_DAYS = 3650;
/** Token packages one admin grant may give (the operator's command allows the same). */
export const TOKEN_GRANT_MAX_PACKAGES = 100;

export const ACCOUNTS_CONSOLE_MESSAGES = {
  notFound: 'Conta não encontrada.',
  reasonRequired: 'Informe o motivo.',
  daysInvalid: `Informe um número inteiro de dias entre 1 e ${PREMIUM_GRANT_MAX_DAYS.toLocaleString('pt-BR')}.`,
  packagesInvalid: `Informe um número inteiro de pacotes entre 1 e ${TOKEN_GRANT_MAX_PACKAGES}.`,
  packagesOverSupportLimit: (limit: number) =>
    `O suporte pode conceder no máximo ${countLabel(limit, 'pacote', 'pacotes')} de tokens por vez. Peça a um administrador.`,
  alreadyBlocked: 'Esta conta já está bloqueada.',
  notBlocked: 'Esta conta não está bloqueada.',
  alreadyVerified: 'O e-mail desta conta já foi verificado.',
  googleNoVerification: 'Contas Google não precisam de verificação de e-mail.',
  ownAccount: 'Você não pode bloquear a sua própria conta.',
  ownAccountGrant:
    'Você não pode conceder tokens ou Premium à sua própria conta: peça a outra pessoa da equipe.',
  premiumGranted: (days: number) =>
    `${countLabel(days, 'dia', 'dias')} de Premium ${plural(days, 'concedido', 'concedidos')}.`,
  tokensGranted: (packages: number) =>
    `${countLabel(packages, 'pacote', 'pacotes')} de tokens ${plural(packages, 'concedido', 'concedidos')}.`,
  blocked: 'Conta bloqueada; as sessões foram encerradas.',
  unblocked: 'Conta desbloqueada.',
  verificationSent: 'E-mail de verificação reenviado.',
  sessionsEnded: 'Todas as sessões da conta foram encerradas.',
} as const;

const reasonSchema = text(
  ACTION_REASON_MAX_LENGTH,
  undefined,
  ACCOUNTS_CONSOLE_MESSAGES.reasonRequired,
).check(z.refine((value) => value.trim().length > 0, ACCOUNTS_CONSOLE_MESSAGES.reasonRequired));

export const accountActionSchema = z.object({ motivo: reasonSchema });
export type AccountAction = z.infer<typeof accountActionSchema>;

export const premiumGrantSchema = z.object({
  motivo: reasonSchema,
  dias: z
    .number(ACCOUNTS_CONSOLE_MESSAGES.daysInvalid)
    .check(
      z.int(ACCOUNTS_CONSOLE_MESSAGES.daysInvalid),
      z.gte(1, ACCOUNTS_CONSOLE_MESSAGES.daysInvalid),
      z.lte(PREMIUM_GRANT_MAX_DAYS, ACCOUNTS_CONSOLE_MESSAGES.daysInvalid),
    ),
});
export type PremiumGrant = z.infer<typeof premiumGrantSchema>;

export const tokenGrantSchema = z.object({
  motivo: reasonSchema,
  pacotes: z
    .number(ACCOUNTS_CONSOLE_MESSAGES.packagesInvalid)
    .check(
      z.int(ACCOUNTS_CONSOLE_MESSAGES.packagesInvalid),
      z.gte(1, ACCOUNTS_CONSOLE_MESSAGES.packagesInvalid),
      z.lte(TOKEN_GRANT_MAX_PACKAGES, ACCOUNTS_CONSOLE_MESSAGES.packagesInvalid),
    ),
});
export type TokenGrant = z.infer<typeof tokenGrantSchema>;

export const accountParamsSchema = z.object({ userId: z.uuid() });

export const accountSearchQuerySchema = z.object({
  /** Part of the e-mail or of the name; empty lists the newest accounts. */
  q: z.optional(text(200)),
  /** The next page: accounts created before this one. */
  antes: z.optional(z.uuid()),
});
export type AccountSearchQuery = z.infer<typeof accountSearchQuerySchema>;

export const accountListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  provider: accountProviderSchema,
  role: userRoleSchema,
  accountType: accountTypeSchema,
  verified: z.boolean(),
  blocked: z.boolean(),
  createdAt: z.string(),
});
export type AccountListItem = z.infer<typeof accountListItemSchema>;

export const accountPageSchema = z.object({
  items: z.array(accountListItemSchema),
  next: z.nullable(z.string()),
});
export type AccountPage = z.infer<typeof accountPageSchema>;

export const accountPurchaseSchema = z.object({
  id: z.string(),
  productType: z.enum(['plan', 'package']),
  productName: z.string(),
  priceCentavos: z.int(),
  status: z.string(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  reversedAt: z.nullable(z.string()),
});
export type AccountPurchase = z.infer<typeof accountPurchaseSchema>;

export const accountDetailSchema = z.object({
  account: z.extend(accountListItemSchema, {
    emailVerifiedAt: z.nullable(z.string()),
    lastSeenAt: z.nullable(z.string()),
    blockedAt: z.nullable(z.string()),
    blockedReason: z.nullable(z.string()),
  }),
  plan: planSchema,
  tokens: tokensResponseSchema,
  purchases: z.array(accountPurchaseSchema),
  counts: z.object({
    answers: z.int(),
    errorReports: z.int(),
    helpRequests: z.int(),
    liveSessions: z.int(),
  }),
  /** Package tokens support may grant at once (admins: TOKEN_GRANT_MAX_PACKAGES). */
  supportPackageLimit: z.int(),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

export const accountActionResponseSchema = z.object({ message: z.string() });
export type AccountActionResponse = z.infer<typeof accountActionResponseSchema>;
