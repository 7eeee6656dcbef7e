import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  PASSWORD_MIN_LENGTH,
  type SessionUser,
  type SignupRequest,
} from '@gabarita/shared';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { accountTypeOf } from '../entitlements/entitlements.service';
import type { EntitlementRow } from '../entitlements/entitlements.repo';
import { passwordResetMail, verificationMail } from '../mail/mail.templates';
import type { Mailer } from '../mail/mailer';
import { photoUrlOf } from '../users/photo-url';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.service';
import {
  type ActionMode,
  consumeActionCode,
  deleteSession,
  deleteSessionsOfUser,
  deleteUser,
  findActionCode,
  findLiveSession,
  findUserByEmail,
  insertActionCode,
  insertSession,
  insertUserWithEntitlement,
  touchSession,
  updateUser,
} from './auth.repo';
import { hashPassword, verifyPassword } from './password';
import { SESSION_TTL_MS } from './session-cookie';

const ACTION_CODE_TTL_MS: Record<ActionMode, number> = {
  verifyEmail: 3 * 24 * 60 * 60 * 1000,
  resetPassword: 60 * 60 * 1000,
};
/** A session's expiry slides at most this often, to spare a write per request. */
const SESSION_TOUCH_SECONDS = 60 * 60;

const HOUR = 60 * 60;
export const AUTH_RATE_LIMITS = {
  loginByIp: { name: 'login:ip', max: 30, windowSeconds: 15 * 60 },
  loginByEmail: { name: 'login:email', max: 10, windowSeconds: 15 * 60 },
  // Generous per IP: a school or a prep course signs many people up behind one address.
  signupByIp: { name: 'signup:ip', max: 20, windowSeconds: HOUR },
  signupByEmail: { name: 'signup:email', max: 5, windowSeconds: HOUR },
  resetByIp: { name: 'reset:ip', max: 20, windowSeconds: HOUR },
  resetByEmail: { name: 'reset:email', max: 5, windowSeconds: HOUR },
  resendByIp: { name: 'resend:ip', max: 20, windowSeconds: HOUR },
  resendByEmail: { name: 'resend:email', max: 5, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  user: UserRow;
  sessionUser: SessionUser;
  /** Set when the expiry moved forward and the cookie must be sent again. */
  renewedUntil?: Date;
}

const fail = (code: string, status: number, message: string) => new AppError(code, status, message);

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!z.email().safeParse(email).success) {
    throw fail('auth/invalid-email', 400, AUTH_MESSAGES.invalidEmail);
  }
  return email;
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
    accountType: accountTypeOf(entitlement ?? undefined),
  };
}

export function createAuthService({ db, mailer, config, log }: AuthDeps) {
  const actionLink = (mode: ActionMode, code: string) =>
    `${config.appUrl}/auth/action?mode=${mode}&oobCode=${encodeURIComponent(code)}`;

  async function issueActionCode(userId: string, mode: ActionMode): Promise<string> {
    const code = randomToken();
    await insertActionCode(db, {
      userId,
      mode,
      codeHash: hashToken(code),
      expiresAt: new Date(Date.now() + ACTION_CODE_TTL_MS[mode]),
    });
    return code;
  }

  async function sendVerification(user: UserRow) {
    const code = await issueActionCode(user.id, 'verifyEmail');
    await mailer.send(
      verificationMail({ to: user.email, name: user.name, link: actionLink('verifyEmail', code) }),
    );
  }

  async function sendPasswordReset(user: UserRow) {
    const code = await issueActionCode(user.id, 'resetPassword');
    await mailer.send(
      passwordResetMail({
        to: user.email,
        name: user.name,
        link: actionLink('resetPassword', code),
      }),
    );
  }

  /** A live action code of `mode`, or the spec's invalid/expired error. */
  async function liveActionCode(
    oobCode: string,
    mode: ActionMode,
    messages: { invalid: string; expired: string },
  ) {
    const found = await findActionCode(db, hashToken(oobCode), mode);
    if (!found || found.code.usedAt) throw fail('auth/invalid-action-code', 400, messages.invalid);
    if (found.code.expiresAt.getTime() <= Date.now()) {
      throw fail('auth/expired-action-code', 400, messages.expired);
    }
    return found;
  }

  async function issueSession(userId: string): Promise<IssuedSession> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await insertSession(db, { userId, tokenHash: hashToken(token), expiresAt });
    await updateUser(db, userId, { lastSeenAt: new Date() });
    return { token, expiresAt };
  }

  return {
    issueSession,
    sendPasswordReset,

    /** Creates the account and its free record and e-mails the verification link; never signs in. */
    async signup(input: SignupRequest, ip: string) {
      const email = normalizeEmail(input.email);
      await enforceRateLimits(db, [
        { rule: AUTH_RATE_LIMITS.signupByIp, subject: ip },
        { rule: AUTH_RATE_LIMITS.signupByEmail, subject: email },
      ]);
      if (input.password.length < PASSWORD_MIN_LENGTH) {
        throw fail('auth/weak-password', 400, AUTH_MESSAGES.weakPassword);
      }
      if (await findUserByEmail(db, 'password', email)) {
        throw fail('auth/email-already-in-use', 409, AUTH_MESSAGES.emailInUse);
      }
      const user = await insertUserWithEntitlement(db, {
        provider: 'password',
        email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
      }).catch((error: unknown) => {
        // Two sign-ups racing for one address: the unique index decides.
        if (isUniqueViolation(error))
          throw fail('auth/email-already-in-use', 409, AUTH_MESSAGES.emailInUse);
        throw error;
      });
      try {
        await sendVerification(user);
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'falha ao enviar o e-mail de verificação');
        await deleteUser(db, user.id); // never leave a half-created account
        throw fail('auth/signup-failed', 502, AUTH_MESSAGES.signupFailed);
      }
      return { email };
    },

    async login(input: { email: string; password: string }, ip: string) {
      const email = normalizeEmail(input.email);
      await enforceRateLimits(db, [
        { rule: AUTH_RATE_LIMITS.loginByIp, subject: ip },
        { rule: AUTH_RATE_LIMITS.loginByEmail, subject: email },
      ]);
      const user = await findUserByEmail(db, 'password', email);
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        throw fail('auth/invalid-credential', 401, AUTH_MESSAGES.invalidCredential);
      }
      if (!user.emailVerifiedAt) {
        throw fail('auth/email-not-verified', 403, AUTH_MESSAGES.emailNotVerified);
      }
      return issueSession(user.id);
    },

    async resendVerification(input: { email: string; password: string }, ip: string) {
      const email = normalizeEmail(input.email);
      await enforceRateLimits(db, [
        { rule: AUTH_RATE_LIMITS.resendByIp, subject: ip },
        { rule: AUTH_RATE_LIMITS.resendByEmail, subject: email },
      ]);
      const user = await findUserByEmail(db, 'password', email);
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        throw fail('auth/invalid-credential', 401, AUTH_MESSAGES.invalidCredential);
      }
      if (user.emailVerifiedAt) {
        throw fail('auth/already-verified', 409, AUTH_MESSAGES.verificationDone);
      }
      try {
        await sendVerification(user);
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'falha ao reenviar o e-mail de verificação');
        throw fail('auth/verification-send-failed', 502, AUTH_MESSAGES.verificationSendFailed);
      }
      return { email };
    },

    async requestPasswordReset(rawEmail: string, ip: string) {
      const email = normalizeEmail(rawEmail);
      await enforceRateLimits(db, [
        { rule: AUTH_RATE_LIMITS.resetByIp, subject: ip },
        { rule: AUTH_RATE_LIMITS.resetByEmail, subject: email },
      ]);
      const user = await findUserByEmail(db, 'password', email);
      if (!user) throw fail('auth/user-not-found', 404, AUTH_MESSAGES.userNotFound);
      try {
        await sendPasswordReset(user);
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'falha ao enviar o link de recuperação');
        throw fail('auth/reset-link-failed', 502, AUTH_MESSAGES.resetLinkFailed);
      }
      return { email };
    },

    async verifyEmail(oobCode: string) {
      const messages = {
        invalid: AUTH_MESSAGES.verificationFailed,
        expired: AUTH_MESSAGES.verificationFailed,
      };
      const { code, user } = await liveActionCode(oobCode, 'verifyEmail', messages);
      if (!(await consumeActionCode(db, code.id))) {
        throw fail('auth/invalid-action-code', 400, messages.invalid);
      }
      if (!user.emailVerifiedAt) await updateUser(db, user.id, { emailVerifiedAt: new Date() });
      return { email: user.email };
    },

    async checkReset(oobCode: string) {
      const { user } = await liveActionCode(oobCode, 'resetPassword', {
        invalid: AUTH_MESSAGES.resetCodeInvalid,
        expired: AUTH_MESSAGES.resetCodeExpired,
      });
      return { email: user.email };
    },

    /** Sets the new password, uses up the code and signs the account out everywhere. */
    async confirmReset(oobCode: string, newPassword: string) {
      if (newPassword.length < PASSWORD_MIN_LENGTH) {
        throw fail('auth/weak-password', 400, AUTH_MESSAGES.newPasswordTooShort);
      }
      const messages = {
        invalid: AUTH_MESSAGES.resetConfirmFailed,
        expired: AUTH_MESSAGES.resetConfirmFailed,
      };
      const { code, user } = await liveActionCode(oobCode, 'resetPassword', messages);
      const passwordHash = await hashPassword(newPassword);
      if (!(await consumeActionCode(db, code.id))) {
        throw fail('auth/invalid-action-code', 400, messages.invalid);
      }
      // Following the link proves the address, too.
      await updateUser(db, user.id, {
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
      await deleteSessionsOfUser(db, user.id);
    },

    async resolveSession(token: string | undefined): Promise<ResolvedSession | null> {
      if (!token) return null;
      const found = await findLiveSession(db, hashToken(token));
      if (!found) return null;
      const renewedUntil = new Date(Date.now() + SESSION_TTL_MS);
      const renewed = await touchSession(
        db,
        found.session.id,
        found.user.id,
        renewedUntil,
        SESSION_TOUCH_SECONDS,
      );
      return {
        user: found.user,
        sessionUser: toSessionUser(found.user, found.entitlement, found.photoVersion),
        ...(renewed ? { renewedUntil } : {}),
      };
    },

    async logout(token: string | undefined) {
      if (token) await deleteSession(db, hashToken(token));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === '23505' || cause?.code === '23505';
}
