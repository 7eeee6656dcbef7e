import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, type SessionUser, type SignupRequest } from '@gabarita/shared';
import type { AppConfig } from '@/config';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction, isUniqueViolation } from '@/db/transaction';
import { hashToken, randomToken } from '@/lib/tokens';
import { recordConsents } from '@/modules/consents';
import { accountTypeOf, type EntitlementRow } from '@/modules/entitlements';
import {
  emailChangedMail,
  emailChangeMail,
  emailChangeRequestedMail,
  passwordResetMail,
  verificationMail,
  type Mailer,
} from '@/modules/mail';
import { photoUrlOf } from '@/lib/photo-url';
import { createRateLimiter, type RateLimitRule } from '@/modules/rate-limit';
import {
  type ActionMode,
  consumeActionCode,
  deleteSession,
  deleteSessionsOfUser,
  deleteUser,
  findActionCode,
  findUserByEmail,
  insertActionCode,
  insertSession,
  insertUser,
  isTrustedBrowser,
  replaceUserEmail,
  revokeOpenActionCodes,
  touchSession,
  trustBrowser,
  updateUser,
} from './auth.repo';
import { hashPassword, verifyPassword } from './password';
import type { SessionCache } from './session-cache';
import { SESSION_TTL_MS } from '@/lib/session-cookie';
import { createSessionLookup } from './session-lookup';
import { authErrors, privacyErrors, rateLimitedError } from '@/lib/app-errors';

const ACTION_CODE_TTL_MS: Record<ActionMode, number> = {
  verifyEmail: 3 * 24 * 60 * 60 * 1000,
  resetPassword: 60 * 60 * 1000,
  changeEmail: 24 * 60 * 60 * 1000,
  deleteAccount: 15 * 60 * 1000,
};
/** A session's expiry slides at most this often, to spare a write per request. */
const SESSION_TOUCH_SECONDS = 60 * 60;

const HOUR = 60 * 60;
/** The limits and why each is set where it is: docs/product-rules.md, "Rate limits". */
export const AUTH_RATE_LIMITS = {
  loginByIp: { name: 'login:ip', max: 30, windowSeconds: 15 * 60 },
  loginFailuresByEmail: { name: 'login-fail:email', max: 10, windowSeconds: 15 * 60 },
  signupByIp: { name: 'signup:ip', max: 20, windowSeconds: HOUR },
  signupByEmail: { name: 'signup:email', max: 5, windowSeconds: HOUR },
  resetByIp: { name: 'reset:ip', max: 10, windowSeconds: HOUR },
  resetByEmail: { name: 'reset:email', max: 3, windowSeconds: HOUR },
  resetUnknownByIp: { name: 'reset-unknown:ip', max: 5, windowSeconds: HOUR },
  resendByIp: { name: 'resend:ip', max: 20, windowSeconds: HOUR },
  resendByEmail: { name: 'resend:email', max: 5, windowSeconds: HOUR },
  passwordChangeByUser: { name: 'password-change:user', max: 3, windowSeconds: HOUR },
  /** Wrong passwords typed to confirm an e-mail change or a deletion, per account. */
  passwordConfirmFailuresByUser: {
    name: 'password-confirm-fail:user',
    max: 10,
    windowSeconds: 15 * 60,
  },
  emailChangeByUser: { name: 'email-change:user', max: 3, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Sessions kept in memory between requests; without it every request reads its session. */
  sessionCache?: SessionCache;
}

export interface IssuedSession {
  userId: string;
  token: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  user: UserRow;
  sessionUser: SessionUser;
  /** Set when the expiry moved forward and the cookie must be sent again. */
  renewedUntil?: Date;
}

/** Who is asking, as far as the limits are concerned. */
export interface Requester {
  ip: string;
  /** The browser's own long-lived cookie, when it has one. */
  browserToken?: string;
}

export function toSessionUser(
  user: UserRow,
  entitlement: EntitlementRow | null | undefined,
  photoVersion: string | null | undefined,
): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    photoUrl: photoUrlOf(user, photoVersion),
    provider: user.provider,
    role: user.role,
    accountType: accountTypeOf(entitlement),
  };
}

export function createAuthService({ db, mailer, config, log, sessionCache }: AuthDeps) {
  const limits = createRateLimiter(db);
  const findLiveSession = createSessionLookup(db);
  const actionLink = (mode: ActionMode, code: string) =>
    `${config.appUrl}/auth/action?mode=${mode}&oobCode=${encodeURIComponent(code)}`;

  async function issueActionCode(
    userId: string,
    mode: ActionMode,
    newEmail?: string,
    on: Database = db,
  ): Promise<string> {
    const code = randomToken();
    await insertActionCode(on, {
      userId,
      mode,
      codeHash: hashToken(code),
      expiresAt: new Date(Date.now() + ACTION_CODE_TTL_MS[mode]),
      ...(newEmail ? { newEmail } : {}),
    });
    return code;
  }

  /** A new verification link for `user`, written with `on`, and the message that carries it. */
  async function verificationMessage(user: UserRow, on: Database = db) {
    const code = await issueActionCode(user.id, 'verifyEmail', undefined, on);
    return verificationMail({ to: user.email, link: actionLink('verifyEmail', code) });
  }

  async function sendVerification(user: UserRow) {
    await mailer.send(await verificationMessage(user));
  }

  async function sendPasswordReset(user: UserRow) {
    const code = await issueActionCode(user.id, 'resetPassword');
    await mailer.send(
      passwordResetMail({ to: user.email, link: actionLink('resetPassword', code) }),
    );
  }

  /** A live action code of `mode`, or the spec's invalid/expired error. */
  async function liveActionCode(
    oobCode: string,
    mode: ActionMode,
    messages: { invalid: string; expired: string },
  ) {
    const found = await findActionCode(db, hashToken(oobCode), mode);
    if (!found || found.code.usedAt) throw authErrors.invalidActionCode(messages.invalid);
    if (found.code.expiresAt.getTime() <= Date.now()) {
      throw authErrors.expiredActionCode(messages.expired);
    }
    return found;
  }

  async function issueSession(userId: string): Promise<IssuedSession> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await insertSession(db, { userId, tokenHash: hashToken(token), expiresAt });
    await updateUser(db, userId, { lastSeenAt: new Date() });
    return { userId, token, expiresAt };
  }

  const passwordConfirmFailures = (userId: string) => ({
    rule: AUTH_RATE_LIMITS.passwordConfirmFailuresByUser,
    subject: userId,
  });

  /**
   * The signed-in owner types the password again before a change that cannot be undone; wrong
   * guesses count per account, so a borrowed session cannot try passwords without end.
   */
  async function confirmPassword(user: UserRow, password: string) {
    if (await limits.isLimited(passwordConfirmFailures(user.id))) throw rateLimitedError();
    if (!(await verifyPassword(user.passwordHash, password))) {
      await limits.count(passwordConfirmFailures(user.id));
      throw privacyErrors.wrongPassword();
    }
  }

  const recoveryLink = `${config.appUrl}/recovery`;

  const loginFailures = (email: string) => ({
    rule: AUTH_RATE_LIMITS.loginFailuresByEmail,
    subject: email,
  });

  return {
    issueSession,
    confirmPassword,

    /** The browser that signed in is trusted for this account from now on. */
    async rememberBrowser(session: IssuedSession, browserToken: string) {
      await trustBrowser(db, hashToken(browserToken), session.userId);
    },

    /** Creates the free account and e-mails the verification link; never signs in. */
    async signup(input: SignupRequest, requester: Requester) {
      const { email } = input;
      await limits.enforce([
        { rule: AUTH_RATE_LIMITS.signupByIp, subject: requester.ip },
        { rule: AUTH_RATE_LIMITS.signupByEmail, subject: email },
      ]);
      if (await findUserByEmail(db, 'password', email)) {
        throw authErrors.emailInUse();
      }
      const passwordHash = await hashPassword(input.password);
      // The form's acceptance of the documents is recorded with the account, or neither is.
      const user = await inTransaction(db, async (tx) => {
        const created = await insertUser(tx, {
          provider: 'password',
          email,
          name: input.name,
          passwordHash,
        });
        await recordConsents(tx, created.id, ['termos', 'privacidade'], input.guardianConsent);
        return created;
      }).catch((error: unknown) => {
        // Two sign-ups racing for one address: the unique index decides.
        if (isUniqueViolation(error)) throw authErrors.emailInUse();
        throw error;
      });
      try {
        await sendVerification(user);
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'falha ao enviar o e-mail de verificação');
        await deleteUser(db, user.id); // never leave a half-created account
        throw authErrors.signupFailed();
      }
      return { email };
    },

    /**
     * Failed attempts count per address; past the limit, only a browser that has signed in to the
     * account before may still try, so strangers guessing cannot lock the owner out. The owner's
     * sign-in does not lift the hold for anyone else: only the window's end or a password reset
     * does (docs/product-rules.md, "Rate limits").
     */
    async login(input: { email: string; password: string }, requester: Requester) {
      const { email } = input;
      await limits.enforce([{ rule: AUTH_RATE_LIMITS.loginByIp, subject: requester.ip }]);
      const user = await findUserByEmail(db, 'password', email);
      if (await limits.isLimited(loginFailures(email))) {
        const trusted =
          user &&
          requester.browserToken &&
          (await isTrustedBrowser(db, hashToken(requester.browserToken), user.id));
        if (!trusted) throw rateLimitedError();
      }
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        await limits.count(loginFailures(email));
        throw authErrors.invalidCredential();
      }
      // Only after the password: a stranger learns nothing about the account.
      if (user.blockedAt) throw authErrors.accountBlocked(user.blockedReason ?? '');
      if (!user.emailVerifiedAt) {
        throw authErrors.emailNotVerified();
      }
      return issueSession(user.id);
    },

    async resendVerification(input: { email: string; password: string }, requester: Requester) {
      const { email } = input;
      await limits.enforce([
        { rule: AUTH_RATE_LIMITS.resendByIp, subject: requester.ip },
        { rule: AUTH_RATE_LIMITS.resendByEmail, subject: email },
      ]);
      const user = await findUserByEmail(db, 'password', email);
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        throw authErrors.invalidCredential();
      }
      if (user.emailVerifiedAt) {
        throw authErrors.alreadyVerified();
      }
      try {
        await sendVerification(user);
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'falha ao reenviar o e-mail de verificação');
        throw authErrors.verificationSendFailed();
      }
      return { email };
    },

    /**
     * The spec answers an unknown address with its own message (see
     * docs/decisions/005-password-reset-answers-unknown-addresses.md): the limits below bound how
     * many addresses one client can test.
     */
    async requestPasswordReset(email: string, requester: Requester) {
      const unknownByIp = { rule: AUTH_RATE_LIMITS.resetUnknownByIp, subject: requester.ip };
      if (await limits.isLimited(unknownByIp)) throw rateLimitedError();
      await limits.enforce([
        { rule: AUTH_RATE_LIMITS.resetByIp, subject: requester.ip },
        { rule: AUTH_RATE_LIMITS.resetByEmail, subject: email },
      ]);
      const user = await findUserByEmail(db, 'password', email);
      if (!user) {
        await limits.count(unknownByIp);
        throw authErrors.userNotFound();
      }
      try {
        await sendPasswordReset(user);
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'falha ao enviar o link de recuperação');
        throw authErrors.resetLinkFailed();
      }
      return { email };
    },

    /** 'Alterar Senha' on /conta: the same reset link, limited per account as well. */
    async sendPasswordChangeLink(user: UserRow) {
      await limits.enforce([
        { rule: AUTH_RATE_LIMITS.passwordChangeByUser, subject: user.id },
        { rule: AUTH_RATE_LIMITS.resetByEmail, subject: user.email },
      ]);
      await sendPasswordReset(user);
    },

    async verifyEmail(oobCode: string) {
      const messages = {
        invalid: AUTH_MESSAGES.verificationFailed,
        expired: AUTH_MESSAGES.verificationFailed,
      };
      // A link reopened after it worked (or after it expired) for an address that is verified
      // says so and offers sign-in instead of a failure (docs/product-rules.md, "Accounts and sign-in").
      const found = await findActionCode(db, hashToken(oobCode), 'verifyEmail');
      if (found?.user.emailVerifiedAt) return { email: found.user.email, alreadyVerified: true };
      const { code, user } = await liveActionCode(oobCode, 'verifyEmail', messages);
      if (!(await consumeActionCode(db, code.id))) {
        throw authErrors.invalidActionCode(messages.invalid);
      }
      if (!user.emailVerifiedAt) await updateUser(db, user.id, { emailVerifiedAt: new Date() });
      return { email: user.email, alreadyVerified: false };
    },

    async checkReset(oobCode: string) {
      const { user } = await liveActionCode(oobCode, 'resetPassword', {
        invalid: AUTH_MESSAGES.resetCodeInvalid,
        expired: AUTH_MESSAGES.resetCodeExpired,
      });
      return { email: user.email };
    },

    /**
     * Sets the new password and, in the same transaction, uses up this and every other open reset
     * link, signs the account out everywhere and lifts the sign-in limit (the owner proved the
     * address).
     */
    async confirmReset(oobCode: string, newPassword: string) {
      const messages = {
        invalid: AUTH_MESSAGES.resetConfirmFailed,
        expired: AUTH_MESSAGES.resetConfirmFailed,
      };
      const { code, user } = await liveActionCode(oobCode, 'resetPassword', messages);
      const passwordHash = await hashPassword(newPassword);
      await inTransaction(db, async (tx) => {
        if (!(await consumeActionCode(tx, code.id))) {
          throw authErrors.invalidActionCode(messages.invalid);
        }
        await revokeOpenActionCodes(tx, user.id, 'resetPassword');
        // Whoever knew the old password may have asked for an e-mail change: it lapses too.
        await revokeOpenActionCodes(tx, user.id, 'changeEmail');
        // Following the link proves the address, too.
        await updateUser(tx, user.id, {
          passwordHash,
          emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        });
        await deleteSessionsOfUser(tx, user.id);
        await createRateLimiter(tx).reset(loginFailures(user.email));
      });
      sessionCache?.dropUser(user.id);
    },

    /**
     * 'Alterar e-mail' on /conta (docs/product-rules.md, "Personal data and the LGPD"): the new
     * address gets a link that proves it, the address in use a notice; nothing changes until the
     * link is followed.
     */
    async requestEmailChange(user: UserRow, input: { newEmail: string; password: string }) {
      if (user.provider !== 'password') throw privacyErrors.emailChangeGoogle();
      await confirmPassword(user, input.password);
      const { newEmail } = input;
      if (newEmail === user.email) throw privacyErrors.emailChangeSame();
      if (await findUserByEmail(db, 'password', newEmail)) throw authErrors.emailInUse();
      await limits.enforce([{ rule: AUTH_RATE_LIMITS.emailChangeByUser, subject: user.id }]);
      // Only the newest link works: an address typed by mistake is replaced by asking again.
      await revokeOpenActionCodes(db, user.id, 'changeEmail');
      const code = await issueActionCode(user.id, 'changeEmail', newEmail);
      try {
        await mailer.send(emailChangeMail({ to: newEmail, link: actionLink('changeEmail', code) }));
        await mailer.send(emailChangeRequestedMail({ to: user.email, newEmail, recoveryLink }));
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'falha ao enviar o e-mail de troca de endereço');
        throw privacyErrors.mailFailed();
      }
      return { email: newEmail };
    },

    /**
     * Following the link: the account's address becomes the proven one, the old one is told. A
     * link opened again once it worked says so, while the address is still the account's.
     */
    async confirmEmailChange(oobCode: string) {
      const found = await findActionCode(db, hashToken(oobCode), 'changeEmail');
      const newEmail = found?.code.newEmail;
      if (found?.code.usedAt && newEmail && found.user.email === newEmail) {
        return { email: newEmail, alreadyConfirmed: true };
      }
      if (
        !found ||
        !newEmail ||
        found.code.usedAt ||
        found.code.expiresAt.getTime() <= Date.now()
      ) {
        throw privacyErrors.emailChangeInvalid();
      }
      const { code, user } = found;
      await inTransaction(db, async (tx) => {
        if (!(await consumeActionCode(tx, code.id))) throw privacyErrors.emailChangeInvalid();
        await replaceUserEmail(tx, user.id, newEmail, { emailVerifiedAt: new Date() });
      }).catch((error: unknown) => {
        // Another account took the address after the link was sent.
        if (isUniqueViolation(error)) throw authErrors.emailInUse();
        throw error;
      });
      sessionCache?.dropUser(user.id);
      try {
        await mailer.send(emailChangedMail({ to: user.email, newEmail, recoveryLink }));
      } catch (error) {
        // The change is made; the notice failing must not undo it or report a failure.
        log.error({ err: error, userId: user.id }, 'falha ao avisar o e-mail antigo da alteração');
      }
      return { email: newEmail, alreadyConfirmed: false };
    },

    /**
     * At most one indexed read (none while the session is cached, on PGlite only) and, once an hour
     * per session, a write that slides its expiry (docs/decisions/009-hot-path-caches.md).
     */
    async resolveSession(token: string | undefined): Promise<ResolvedSession | null> {
      if (!token) return null;
      const tokenHash = hashToken(token);
      const found = await (sessionCache
        ? sessionCache.lookup(tokenHash, findLiveSession)
        : findLiveSession(tokenHash));
      // A block deletes the sessions as well; this only covers a session read just before it.
      if (!found || found.user.blockedAt) return null;
      const now = Date.now();
      if (found.session.expiresAt.getTime() <= now) {
        sessionCache?.forget(tokenHash);
        return null;
      }
      let renewedUntil: Date | undefined;
      if (now - found.session.lastUsedAt.getTime() >= SESSION_TOUCH_SECONDS * 1000) {
        const until = new Date(now + SESSION_TTL_MS);
        const touched = await touchSession(
          db,
          found.session.id,
          found.user.id,
          until,
          SESSION_TOUCH_SECONDS,
        );
        if (touched) renewedUntil = until;
        // Touched here or by another instance: either way, read it afresh next time.
        sessionCache?.forget(tokenHash);
      }
      return {
        user: found.user,
        sessionUser: toSessionUser(found.user, found.entitlement, found.photoVersion),
        ...(renewedUntil ? { renewedUntil } : {}),
      };
    },

    /**
     * The verification link again, asked for by the team (operations console): the link is written
     * in the caller's transaction and the message returned, to be sent once that commits.
     */
    verificationMessageFor: (user: UserRow, tx: Database) => verificationMessage(user, tx),

    /** After this instance changed what a user's sessions resolve to (name, photo). */
    sessionsChanged(userId: string) {
      sessionCache?.dropUser(userId);
    },

    /**
     * Ends every session of the account in the caller's transaction (the delete notifies every
     * instance when it commits); `sessionsChanged` after the commit drops this instance's copy.
     */
    endSessionsIn: (tx: Database, userId: string) => deleteSessionsOfUser(tx, userId),

    async logout(token: string | undefined) {
      if (!token) return;
      await deleteSession(db, hashToken(token));
      sessionCache?.forget(hashToken(token));
    },

    /** 'Sair de todos os dispositivos': every session of the account ends, on every instance. */
    async logoutEverywhere(userId: string) {
      await deleteSessionsOfUser(db, userId);
      sessionCache?.dropUser(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
