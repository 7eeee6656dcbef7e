import type { FastifyBaseLogger } from 'fastify';
import {
  COMMENT_ERROR_REPORT_TYPE,
  MISSING_COMMENT_REPORT_TYPE,
  PRODUCT_NAME,
  SUPPORT_MESSAGES,
  type ErrorReportRequest,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { escapeHtml, type Mailer } from '@/modules/mail';
import { createRateLimiter, type RateLimitRule } from '@/modules/rate-limit';
import type { CatalogService } from '@/modules/catalog';
import { insertErrorReport, insertHelpRequest } from './support.repo';
import { supportErrors } from '@/lib/app-errors';

const HOUR = 60 * 60;
export const SUPPORT_RATE_LIMITS = {
  helpByUser: { name: 'help:user', max: 5, windowSeconds: HOUR },
  helpByIp: { name: 'help:ip', max: 20, windowSeconds: HOUR },
  reportByUser: { name: 'report:user', max: 30, windowSeconds: HOUR },
  reportByIp: { name: 'report:ip', max: 100, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;

export function createSupportService(deps: {
  db: Database;
  mailer: Mailer;
  supportEmail: string | undefined;
  log: FastifyBaseLogger;
  catalog: CatalogService;
}) {
  const { db, mailer, supportEmail, log, catalog } = deps;
  const limits = createRateLimiter(db);

  return {
    /** The route admits only signed-in users with a verified e-mail. */
    async submitHelpRequest(user: UserRow, message: string, ip: string) {
      await limits.enforce([
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

    async submitErrorReport(user: UserRow, report: ErrorReportRequest, ip: string) {
      if (!(await catalog.questionExists(report.questionId))) {
        throw supportErrors.missingData();
      }
      await refuseMismatchedCommentReport(catalog, report);
      await limits.enforce([
        { rule: SUPPORT_RATE_LIMITS.reportByUser, subject: user.id },
        { rule: SUPPORT_RATE_LIMITS.reportByIp, subject: ip },
      ]);
      await insertErrorReport(db, {
        userId: user.id,
        questionId: report.questionId,
        type: report.type,
        text: report.text ?? null,
      });
      return {
        message:
          report.type === MISSING_COMMENT_REPORT_TYPE
            ? SUPPORT_MESSAGES.missingCommentSent
            : SUPPORT_MESSAGES.reportSent,
      };
    },
  };
}

/**
 * A report about the team's comment needs a question that has one, and asking for a comment one
 * that has none (docs/product-rules.md, "Support"); both are checked before any counter moves.
 */
async function refuseMismatchedCommentReport(catalog: CatalogService, report: ErrorReportRequest) {
  if (report.type !== COMMENT_ERROR_REPORT_TYPE && report.type !== MISSING_COMMENT_REPORT_TYPE) {
    return;
  }
  const commented = Boolean(await catalog.questionCommentary(report.questionId));
  if (report.type === COMMENT_ERROR_REPORT_TYPE && !commented) throw supportErrors.noComment();
  if (report.type === MISSING_COMMENT_REPORT_TYPE && commented) {
    throw supportErrors.alreadyCommented();
  }
}

export type SupportService = ReturnType<typeof createSupportService>;
