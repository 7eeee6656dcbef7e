import {
  HELP_INBOX_MESSAGES,
  HELP_INBOX_PAGE_SIZE,
  HELP_REQUEST_STATUS_LABELS,
  HELP_REQUEST_STATUSES,
  type HelpActionResponse,
  type HelpInboxPage,
  type HelpInboxQuery,
  type HelpRequestDetail,
  type HelpRequestStatus,
  type HelpStatusUpdate,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { helpInboxErrors, mailErrors } from '@/lib/app-errors';
import { actorOf, recordAudit } from '@/modules/audit';
import { accountTypeOf, planOf } from '@/modules/entitlements';
import { helpReplyMail, commitThenMail, type Mailer } from '@/modules/mail';
import { createTokensService } from '@/modules/tokens';
import {
  findHelpRequest,
  helpInbox,
  helpInboxCounts,
  insertHelpReply,
  repliesOf,
  senderAccount,
  setHelpRequestStatus,
} from './help-inbox.repo';

const mailDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/**
 * The support inbox of the operations console (docs/product-rules.md, "Operations console"): the
 * help-centre messages with their status, the sender's account beside them, and replies e-mailed
 * to the sender and kept as a thread. Every action is in the audit log, in its own transaction.
 */
export function createHelpInboxService(deps: { db: Database; mailer: Mailer }) {
  const { db, mailer } = deps;

  async function detail(id: string): Promise<HelpRequestDetail> {
    const row = await findHelpRequest(db, id);
    if (!row) throw helpInboxErrors.notFound();
    const [replies, account, packageTokens] = await Promise.all([
      repliesOf(db, id),
      senderAccount(db, row.userId),
      createTokensService(db).packageBalance(row.userId),
    ]);
    return {
      request: {
        id: row.id,
        name: row.userName,
        email: row.userEmail,
        message: row.message,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
      replies: replies.map((reply) => ({
        id: reply.id,
        authorName: reply.authorName,
        body: reply.body,
        sentAt: reply.sentAt.toISOString(),
      })),
      account: account
        ? {
            userId: account.id,
            name: account.name,
            email: account.email,
            accountType: accountTypeOf(account),
            planEndsOn: planOf(account).endsOn,
            verified: account.emailVerifiedAt !== null,
            blocked: account.blockedAt !== null,
            createdAt: account.createdAt.toISOString(),
            packageTokens: packageTokens.input > 0 ? packageTokens : null,
          }
        : null,
    };
  }

  return {
    async inbox(query: HelpInboxQuery): Promise<HelpInboxPage> {
      const [rows, counts] = await Promise.all([
        helpInbox(
          db,
          { status: query.situacao, search: query.busca },
          query.antes,
          HELP_INBOX_PAGE_SIZE + 1,
        ),
        helpInboxCounts(db, query.busca),
      ]);
      const items = rows.slice(0, HELP_INBOX_PAGE_SIZE).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      }));
      return {
        items,
        next: rows.length > HELP_INBOX_PAGE_SIZE ? items.at(-1)!.id : null,
        counts: Object.fromEntries(
          HELP_REQUEST_STATUSES.map((status) => [
            status,
            counts.find((count) => count.status === status)?.total ?? 0,
          ]),
        ) as Record<HelpRequestStatus, number>,
      };
    },

    detail,

    /**
     * Stored and audited first; the e-mail goes once that is committed (mail-after-commit.ts). A
     * reply to a closed message reopens it as answered (the customer has a new answer to react to).
     */
    async reply(staff: UserRow, id: string, body: string): Promise<HelpActionResponse> {
      const row = await findHelpRequest(db, id);
      if (!row) throw helpInboxErrors.notFound();
      await commitThenMail(
        db,
        mailer,
        async (tx, mail) => {
          await insertHelpReply(tx, {
            requestId: id,
            authorId: staff.id,
            authorName: staff.name,
            body,
          });
          await setHelpRequestStatus(tx, id, 'answered');
          await recordAudit(tx, actorOf(staff), {
            action: 'help.reply',
            target: row.userEmail,
            summary: `Resposta à mensagem de ${row.userName} enviada para ${row.userEmail}`,
            details: { requestId: id, from: row.status, message: body },
          });
          mail(
            helpReplyMail({
              to: row.userEmail,
              message: body,
              original: row.message,
              originalDate: mailDate.format(row.createdAt),
            }),
          );
        },
        () => mailErrors.replySavedNotSent(row.userEmail),
      );
      return { message: HELP_INBOX_MESSAGES.replySent(row.userEmail), detail: await detail(id) };
    },

    /** Closes a message or reopens it as new; the same status again changes nothing. */
    async changeStatus(
      staff: UserRow,
      id: string,
      status: HelpStatusUpdate['status'],
    ): Promise<HelpActionResponse> {
      const row = await findHelpRequest(db, id);
      if (!row) throw helpInboxErrors.notFound();
      if (row.status !== status) {
        await inTransaction(db, async (tx) => {
          await setHelpRequestStatus(tx, id, status);
          await recordAudit(tx, actorOf(staff), {
            action: 'help.status',
            target: row.userEmail,
            summary: `Mensagem de ${row.userName}: ${HELP_REQUEST_STATUS_LABELS[row.status]} → ${HELP_REQUEST_STATUS_LABELS[status]}`,
            details: { requestId: id, from: row.status, to: status },
          });
        });
      }
      return {
        message: status === 'closed' ? HELP_INBOX_MESSAGES.closed : HELP_INBOX_MESSAGES.reopened,
        detail: await detail(id),
      };
    },
  };
}

export type HelpInboxService = ReturnType<typeof createHelpInboxService>;
