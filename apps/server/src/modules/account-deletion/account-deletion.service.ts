import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DeleteAccountRequest } from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { privacyErrors, rateLimitedError } from '@/lib/app-errors';
import { hashToken } from '@/lib/tokens';
import { type AuthService, issueActionCode, useActionCode } from '@/modules/auth';
import { accountDeletedMail, deletionCodeMail, type Mailer } from '@/modules/mail';
import type { RateLimiter, RateLimitRule } from '@/modules/rate-limit';
import type { PersonalDataRegistry } from '@/lib/personal-data';
import {
  addressesOf,
  deleteUserRow,
  findLiveDeletionCode,
  hasPayablePurchase,
  lockUser,
  supportIdsOf,
} from './account-deletion.repo';

const CODE_TTL_MS = 15 * 60 * 1000;

/** docs/product-rules.md, "Rate limits" and "Personal data and the LGPD". */
export const DELETION_RATE_LIMITS = {
  codeByUser: { name: 'delete-code:user', max: 3, windowSeconds: 60 * 60 },
  codeFailuresByUser: { name: 'delete-code-fail:user', max: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** What the kept purchases are filed under once the account is gone: no link back to it. */
export function newPseudonym() {
  let suffix = '';
  for (let i = 0; i < 10; i += 1) suffix += BASE32[randomInt(BASE32.length)];
  return `conta-excluida-${suffix}`;
}

/**
 * Six digits are few: the hash is bound to the account, so two accounts' codes never collide in the
 * unique index and a code is only ever looked up for its own account (5 tries per 15 minutes).
 */
const codeHashOf = (userId: string, code: string) => hashToken(`${userId}:${code}`);

/** The name as a whole word, for PostgreSQL's regexp_replace (ARE: a backslash makes any symbol literal). */
function namePattern(name: string) {
  const escaped = name.trim().replace(/[^\p{L}\p{N}\s]/gu, (char) => `\\${char}`);
  return `\\m${escaped}\\M`;
}

export function createAccountDeletionService(deps: {
  db: Database;
  auth: AuthService;
  mailer: Mailer;
  limits: RateLimiter;
  /** Every module's erase step (lib/personal-data.ts). */
  personalData: PersonalDataRegistry;
  log: FastifyBaseLogger;
  privacyEmail?: string;
}) {
  const { db, auth, mailer, limits, log } = deps;
  const codeFailures = (userId: string) => ({
    rule: DELETION_RATE_LIMITS.codeFailuresByUser,
    subject: userId,
  });

  /** A Google account has no password to type: it proves itself with a code sent to its address. */
  async function checkCode(user: UserRow, code: string | undefined) {
    if (!code) throw privacyErrors.deleteCodeRequired();
    if (await limits.isLimited(codeFailures(user.id))) throw rateLimitedError();
    const found = await findLiveDeletionCode(db, user.id, codeHashOf(user.id, code));
    if (!found) {
      await limits.count(codeFailures(user.id));
      throw privacyErrors.deleteCodeInvalid();
    }
    return found.id;
  }

  return {
    async sendCode(user: UserRow) {
      // A password account confirms with its password; the screen never asks it for a code.
      if (user.provider !== 'google') throw privacyErrors.deleteUsesPassword();
      if (user.role !== 'user') throw privacyErrors.deleteStaff();
      await limits.enforce([{ rule: DELETION_RATE_LIMITS.codeByUser, subject: user.id }]);
      const code = String(randomInt(1_000_000)).padStart(6, '0');
      await issueActionCode(db, {
        userId: user.id,
        mode: 'deleteAccount',
        codeHash: codeHashOf(user.id, code),
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      await mailer.send(deletionCodeMail({ to: user.email, code })).catch((error: unknown) => {
        log.error({ err: error, userId: user.id }, 'falha ao enviar o código de exclusão');
        throw privacyErrors.mailFailed();
      });
    },

    /**
     * Erases the account in one transaction (docs/product-rules.md, "Personal data and the LGPD"):
     * each module's erase step from the personal-data registry (purchases stay for the fiscal
     * period under a pseudonym, the audit trail and operator runs name the pseudonym instead,
     * counters and kept mail for the address go), then the row's deletion takes everything else
     * with it. The sessions end on every instance.
     */
    async deleteAccount(user: UserRow, input: DeleteAccountRequest) {
      if (user.role !== 'user') throw privacyErrors.deleteStaff();
      let codeId: string | undefined;
      if (user.provider === 'password') {
        if (!input.password) throw privacyErrors.wrongPassword();
        await auth.confirmPassword(user, input.password);
      } else {
        codeId = await checkCode(user, input.code);
      }
      const pseudonym = newPseudonym();
      const keptPurchases = await inTransaction(db, async (tx) => {
        await lockUser(tx, user.id);
        if (await hasPayablePurchase(tx, user.id)) throw privacyErrors.deletePendingPayment();
        if (codeId && !(await useActionCode(tx, codeId))) {
          throw privacyErrors.deleteCodeInvalid();
        }
        const { keptPurchases: kept = 0 } = await deps.personalData.eraseAccount(tx, {
          id: user.id,
          name: user.name,
          ...(await addressesOf(tx, user)),
          namePattern: namePattern(user.name),
          pseudonym,
          supportIds: await supportIdsOf(tx, user.id),
        });
        await deleteUserRow(tx, user.id);
        return kept;
      });
      auth.sessionsChanged(user.id);
      log.info({ pseudonym, keptPurchases }, 'conta excluída a pedido do titular');
      try {
        await mailer.send({
          ...accountDeletedMail({
            to: user.email,
            pseudonym,
            keptPurchases,
            privacyEmail: deps.privacyEmail,
          }),
          // The address is erased everywhere: the development outbox files it under the pseudonym.
          outboxTo: pseudonym,
        });
      } catch (error) {
        // The account is gone either way; the confirmation is a courtesy.
        log.error({ err: error, pseudonym }, 'falha ao enviar a confirmação de exclusão');
      }
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
