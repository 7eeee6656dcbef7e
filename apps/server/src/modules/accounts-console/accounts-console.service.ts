import {
  ACCOUNTS_CONSOLE_MESSAGES,
  ACCOUNTS_PAGE_SIZE,
  type AccountDetail,
  type AccountListItem,
  type AccountPage,
  type AccountSearchQuery,
  type AuditAction,
  countLabel,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { accountsConsoleErrors, authErrors } from '@/lib/app-errors';
import { actorOf, recordAudit } from '@/modules/audit';
import { type AuthService } from '@/modules/auth';
import { commitThenMail, type Mailer } from '@/modules/mail';
import {
  createEntitlementsService,
  findEntitlement,
  accountTypeOf,
  planOf,
} from '@/modules/entitlements';
import { type TokenLedger, createTokensService } from '@/modules/tokens';
import {
  accountCounts,
  findAccount,
  purchasesOf,
  searchAccounts,
  setBlocked,
} from './accounts-console.repo';

type Plan = { premiumUntil: Date | null; premiumStartedAt: Date | null } | null | undefined;

function listItem(user: UserRow, plan: Plan): AccountListItem {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    provider: user.provider,
    role: user.role,
    accountType: accountTypeOf(plan),
    verified: Boolean(user.emailVerifiedAt),
    blocked: Boolean(user.blockedAt),
    createdAt: user.createdAt.toISOString(),
  };
}

const who = (user: UserRow) => `${user.name} <${user.email}>`;

/**
 * The accounts of the operations console (docs/product-rules.md, "Operations console"): support and
 * admins find and read accounts; every change needs a reason and is audited in its own
 * transaction. Who may do what is decided here, from the signed-in staff member's role.
 */
export function createAccountsConsoleService(deps: {
  db: Database;
  auth: AuthService;
  ledger: TokenLedger;
  mailer: Mailer;
  supportPackageLimit: number;
}) {
  const { db, auth, ledger, mailer, supportPackageLimit } = deps;

  async function target(userId: string) {
    const user = await findAccount(db, userId);
    if (!user) throw accountsConsoleErrors.notFound();
    return user;
  }

  /** The change and its audit entry commit together, or neither does. */
  function audited<T>(
    staff: UserRow,
    user: UserRow,
    action: AuditAction,
    summary: string,
    details: Record<string, unknown>,
    change: (tx: Database) => Promise<T>,
  ) {
    return inTransaction(db, async (tx) => {
      const result = await change(tx);
      await recordAudit(tx, actorOf(staff), {
        action,
        target: `account:${user.id}`,
        summary,
        details,
      });
      return result;
    });
  }

  return {
    async search(query: AccountSearchQuery): Promise<AccountPage> {
      const rows = await searchAccounts(
        db,
        { query: query.q, before: query.antes },
        ACCOUNTS_PAGE_SIZE + 1,
      );
      const items = rows.slice(0, ACCOUNTS_PAGE_SIZE).map((row) => listItem(row.user, row));
      return { items, next: rows.length > ACCOUNTS_PAGE_SIZE ? items.at(-1)!.id : null };
    },

    async detail(userId: string): Promise<AccountDetail> {
      const user = await target(userId);
      const entitlement = await findEntitlement(db, userId);
      const accountType = accountTypeOf(entitlement);
      const [tokens, purchases, counts] = await Promise.all([
        ledger.summary(userId, accountType === 'premium'),
        purchasesOf(db, userId),
        accountCounts(db, userId),
      ]);
      return {
        account: {
          ...listItem(user, entitlement),
          emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
          lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
          blockedAt: user.blockedAt?.toISOString() ?? null,
          blockedReason: user.blockedReason,
        },
        plan: planOf(entitlement),
        tokens,
        purchases: purchases.map((row) => ({
          id: row.id,
          productType: row.productType,
          productName: row.productName,
          priceCentavos: row.priceCentavos,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          paidAt: row.paidAt?.toISOString() ?? null,
          reversedAt: row.reversedAt?.toISOString() ?? null,
        })),
        counts,
        supportPackageLimit,
      };
    },

    /** Admin only (declared on the route): plan grants are the business's decision. */
    async grantPremium(staff: UserRow, userId: string, days: number, reason: string) {
      const user = await target(userId);
      // docs/product-rules.md, "Who does what": nobody grants to their own account.
      if (user.id === staff.id) throw accountsConsoleErrors.ownAccountGrant();
      await audited(
        staff,
        user,
        'account.grant-premium',
        `${countLabel(days, 'dia', 'dias')} de Premium para ${who(user)}. Motivo: ${reason.trim()}`,
        { days, reason: reason.trim() },
        (tx) => createEntitlementsService(tx).grantPremium(user.id, days),
      );
      auth.sessionsChanged(user.id);
      return { message: ACCOUNTS_CONSOLE_MESSAGES.premiumGranted(days) };
    },

    /** Support up to its configured limit per grant; admins up to the schema's maximum. */
    async grantTokens(staff: UserRow, userId: string, packages: number, reason: string) {
      if (staff.role !== 'admin' && packages > supportPackageLimit) {
        throw accountsConsoleErrors.overSupportLimit(supportPackageLimit);
      }
      const user = await target(userId);
      if (user.id === staff.id) throw accountsConsoleErrors.ownAccountGrant();
      await audited(
        staff,
        user,
        'account.grant-tokens',
        `${countLabel(packages, 'pacote', 'pacotes')} de tokens para ${who(user)}. Motivo: ${reason.trim()}`,
        { packages, reason: reason.trim() },
        (tx) => createTokensService(tx).grantPackages(user.id, packages),
      );
      return { message: ACCOUNTS_CONSOLE_MESSAGES.tokensGranted(packages) };
    },

    /** Admin only: the account cannot sign in, and its sessions end at once on every instance. */
    async block(staff: UserRow, userId: string, reason: string) {
      const user = await target(userId);
      if (user.id === staff.id) throw accountsConsoleErrors.ownAccount();
      await audited(
        staff,
        user,
        'account.block',
        `Conta de ${who(user)} bloqueada. Motivo: ${reason.trim()}`,
        { reason: reason.trim() },
        async (tx) => {
          if (!(await setBlocked(tx, user.id, { at: new Date(), reason: reason.trim() }))) {
            throw accountsConsoleErrors.alreadyBlocked();
          }
          // The delete notifies every instance (the session_changed trigger).
          await auth.endSessionsIn(tx, user.id);
        },
      );
      auth.sessionsChanged(user.id);
      return { message: ACCOUNTS_CONSOLE_MESSAGES.blocked };
    },

    async unblock(staff: UserRow, userId: string, reason: string) {
      const user = await target(userId);
      await audited(
        staff,
        user,
        'account.unblock',
        `Conta de ${who(user)} desbloqueada. Motivo: ${reason.trim()}`,
        { reason: reason.trim(), blockedReason: user.blockedReason },
        async (tx) => {
          if (!(await setBlocked(tx, user.id, null))) throw accountsConsoleErrors.notBlocked();
        },
      );
      return { message: ACCOUNTS_CONSOLE_MESSAGES.unblocked };
    },

    /** The link and the audit entry commit together; the e-mail goes once they have. */
    async resendVerification(staff: UserRow, userId: string, reason: string) {
      const user = await target(userId);
      if (user.provider === 'google') throw accountsConsoleErrors.googleNoVerification();
      if (user.emailVerifiedAt) throw accountsConsoleErrors.alreadyVerified();
      await commitThenMail(
        db,
        mailer,
        async (tx, mail) => {
          mail(await auth.verificationMessageFor(user, tx));
          await recordAudit(tx, actorOf(staff), {
            action: 'account.resend-verification',
            target: `account:${user.id}`,
            summary: `Verificação reenviada para ${who(user)}. Motivo: ${reason.trim()}`,
            details: { reason: reason.trim() },
          });
        },
        // Logged with the mail server's answer by the error handler.
        () => authErrors.verificationSendFailed(),
      );
      return { message: ACCOUNTS_CONSOLE_MESSAGES.verificationSent };
    },

    async endSessions(staff: UserRow, userId: string, reason: string) {
      const user = await target(userId);
      await audited(
        staff,
        user,
        'account.end-sessions',
        `Sessões de ${who(user)} encerradas. Motivo: ${reason.trim()}`,
        { reason: reason.trim() },
        (tx) => auth.endSessionsIn(tx, user.id),
      );
      auth.sessionsChanged(user.id);
      return { message: ACCOUNTS_CONSOLE_MESSAGES.sessionsEnded };
    },
  };
}

export type AccountsConsoleService = ReturnType<typeof createAccountsConsoleService>;
