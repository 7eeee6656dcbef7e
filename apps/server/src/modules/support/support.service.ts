import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_REPORT_TEXT_MAX_LENGTH,
  ERROR_REPORT_TYPES,
  HELP_MESSAGE_MAX_LENGTH,
  PRODUCT_NAME,
  SUPPORT_MESSAGES,
  type ErrorReportRequest,
} from '@gabarita/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ResolvedSession } from '../auth/auth.service';
import { escapeHtml } from '../mail/mail.templates';
import type { Mailer } from '../mail/mailer';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.service';
import { questionExists } from '../study/study.service';
import { insertErrorReport, insertHelpRequest } from './support.repo';

const HOUR = 60 * 60;
export const SUPPORT_RATE_LIMITS = {
  helpByUser: { name: 'help:user', max: 5, windowSeconds: HOUR },
  helpByIp: { name: 'help:ip', max: 20, windowSeconds: HOUR },
  reportByUser: { name: 'report:user', max: 30, windowSeconds: HOUR },
  reportByIp: { name: 'report:ip', max: 100, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;

const invalid = (code: string, message: string) => new AppError(code, 400, message);

export function createSupportService(deps: {
  db: Database;
  mailer: Mailer;
  supportEmail: string | undefined;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, supportEmail, log } = deps;

  return {
    /** Only signed-in users with a verified e-mail may write (spec section 6). */
    async submitHelpRequest(session: ResolvedSession | null, rawMessage: string, ip: string) {
      if (!session?.user.emailVerifiedAt) {
        throw new AppError('support/not-allowed', 403, SUPPORT_MESSAGES.helpNotAllowed);
      }
      const message = rawMessage.trim();
      if (!message) throw invalid('support/empty-message', SUPPORT_MESSAGES.helpEmpty);
      if (message.length > HELP_MESSAGE_MAX_LENGTH) {
        throw invalid('support/message-too-long', SUPPORT_MESSAGES.helpTooLong);
      }
      const { user } = session;
      await enforceRateLimits(db, [
        { rule: SUPPORT_RATE_LIMITS.helpByUser, subject: user.id },
        { rule: SUPPORT_RATE_LIMITS.helpByIp, subject: ip },
      ]);
      await insertHelpRequest(db, {
        userId: user.id,
        userName: user.name,
        userEmail: user.email,
        message,
      });

      if (supportEmail) {
        // The message is stored either way; a failed copy to the team is only logged.
        await mailer
          .send({
            to: supportEmail,
            subject: `[${PRODUCT_NAME}] Central de Ajuda: mensagem de ${user.name}`,
            text: `De: ${user.name} <${user.email}>\n\n${message}`,
            html: `<p>De: ${escapeHtml(user.name)} &lt;${escapeHtml(user.email)}&gt;</p><pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(message)}</pre>`,
          })
          .catch((error: unknown) =>
            log.error(
              { err: error, userId: user.id },
              'falha ao enviar a mensagem de ajuda ao suporte',
            ),
          );
      }
      return { message: SUPPORT_MESSAGES.helpSent };
    },

    async submitErrorReport(
      session: ResolvedSession | null,
      report: ErrorReportRequest,
      ip: string,
    ) {
      if (!session)
        throw new AppError('auth/unauthenticated', 401, SUPPORT_MESSAGES.reportSignInHint);
      const type = ERROR_REPORT_TYPES.find((known) => known === report.type);
      const text = report.text?.trim() || null;
      if (!report.questionId)
        throw invalid('support/missing-data', SUPPORT_MESSAGES.reportMissingData);
      if (!type || (type === 'Outro' && !text)) {
        throw invalid('support/option-required', SUPPORT_MESSAGES.reportOptionRequired);
      }
      if (text && text.length > ERROR_REPORT_TEXT_MAX_LENGTH) {
        throw invalid('support/text-too-long', SUPPORT_MESSAGES.reportTooLong);
      }
      if (!(await questionExists(db, report.questionId))) {
        throw new AppError('support/missing-data', 404, SUPPORT_MESSAGES.reportMissingData);
      }
      await enforceRateLimits(db, [
        { rule: SUPPORT_RATE_LIMITS.reportByUser, subject: session.user.id },
        { rule: SUPPORT_RATE_LIMITS.reportByIp, subject: ip },
      ]);
      await insertErrorReport(db, {
        userId: session.user.id,
        questionId: report.questionId,
        type,
        text,
      });
      return { message: SUPPORT_MESSAGES.reportSent };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
