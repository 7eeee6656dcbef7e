import {
  REPORT_QUEUE_PAGE_SIZE,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  REPORT_TRIAGE_MESSAGES,
  type MyReport,
  type ReportDetail,
  type ReportQueueItem,
  type ReportQueuePage,
  type ReportQueueQuery,
  type ReportStatus,
  STUDY_PARAMS,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { inTransaction, isUniqueViolation } from '@/db/transaction';
import { mailErrors, supportErrors } from '@/lib/app-errors';
import { actorOf, recordAudit } from '@/modules/audit';
import { reportReplyMail, commitThenMail, type Mailer } from '@/modules/mail';
import {
  editorName,
  findReport,
  type QueueRow,
  reportCounts,
  reportQueue,
  reportsOfUser,
  reportsOnQuestion,
  saveReply,
  setReportStatus,
} from './report-triage.repo';
import { examBoardLabel } from '@/modules/catalog';

const questionLabel = (row: QueueRow) => `questão ${row.number} de ${examBoardLabel(row)}`;

function queueItem(row: QueueRow): ReportQueueItem {
  return {
    id: row.id,
    questionId: row.questionId,
    questionLabel: questionLabel(row),
    examId: row.examId,
    disciplineName: row.disciplineName,
    type: row.type,
    text: row.text,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    reporterName: row.reporterName,
    openOnQuestion: row.openOnQuestion,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

const STATUS_FILTERS: Record<string, readonly ReportStatus[] | null> = {
  abertos: ['new', 'reviewing'],
  todos: null,
  ...Object.fromEntries(REPORT_STATUSES.map((status) => [status, [status]])),
};

/**
 * The error-report queue of the editorial console (docs/product-rules.md, "Error reports"): filter,
 * read in context, move through the statuses, reply to the reporter by e-mail. Every change is in
 * the audit log, in the change's own transaction.
 */
export function createReportTriageService(deps: { db: Database; mailer: Mailer; appUrl: string }) {
  const { db, mailer, appUrl } = deps;

  async function detail(id: string): Promise<ReportDetail> {
    const row = await findReport(db, id);
    if (!row) throw supportErrors.reportNotFound();
    const others = await reportsOnQuestion(db, row.questionId);
    return {
      report: queueItem(row),
      reporter: { name: row.reporterName, email: row.reporterEmail },
      reply: row.reply,
      handledBy: row.handledBy ? await editorName(db, row.handledBy) : null,
      fixedInVersion: row.fixedInVersion,
      answerLetter: row.answerLetter,
      others: others.filter((other) => other.id !== id).map(queueItem),
    };
  }

  return {
    async queue(query: ReportQueueQuery): Promise<ReportQueuePage> {
      const filter = {
        type: query.tipo,
        examId: query.prova,
        disciplineCode: query.disciplina,
      };
      const [rows, counts] = await Promise.all([
        reportQueue(
          db,
          { ...filter, statuses: STATUS_FILTERS[query.situacao ?? 'abertos']! },
          query.antes,
          REPORT_QUEUE_PAGE_SIZE + 1,
        ),
        reportCounts(db, filter),
      ]);
      const items = rows.slice(0, REPORT_QUEUE_PAGE_SIZE).map(queueItem);
      return {
        items,
        next: rows.length > REPORT_QUEUE_PAGE_SIZE ? items.at(-1)!.id : null,
        counts: Object.fromEntries(
          REPORT_STATUSES.map((status) => [
            status,
            counts.find((count) => count.status === status)?.total ?? 0,
          ]),
        ) as Record<ReportStatus, number>,
      };
    },

    detail,

    async changeStatus(editor: UserRow, id: string, status: ReportStatus) {
      const before = await findReport(db, id);
      if (!before) throw supportErrors.reportNotFound();
      if (before.status !== status) {
        try {
          await inTransaction(db, async (tx) => {
            await setReportStatus(tx, id, status, editor.id);
            await recordAudit(tx, actorOf(editor), {
              action: 'report.status',
              target: before.questionId,
              summary: `Reporte "${before.type}" de ${before.reporterName}: ${REPORT_STATUS_LABELS[before.status]} → ${REPORT_STATUS_LABELS[status]}`,
              details: { reportId: id, from: before.status, to: status },
            });
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw supportErrors.reportTwinOpen();
          throw error;
        }
      }
      return {
        message: REPORT_TRIAGE_MESSAGES.statusChanged(REPORT_STATUS_LABELS[status]),
        detail: await detail(id),
      };
    },

    /** Stored and audited first; the e-mail goes once that is committed (mail-after-commit.ts). */
    async reply(editor: UserRow, id: string, message: string) {
      const row = await findReport(db, id);
      if (!row) throw supportErrors.reportNotFound();
      const link = new URL('/questoes', appUrl);
      link.searchParams.set(STUDY_PARAMS.exam, row.examId);
      link.searchParams.set(STUDY_PARAMS.question, row.questionId);
      await commitThenMail(
        db,
        mailer,
        async (tx, mail) => {
          await saveReply(tx, id, message, editor.id);
          await recordAudit(tx, actorOf(editor), {
            action: 'report.reply',
            target: row.questionId,
            summary: `Resposta ao reporte "${row.type}" enviada para ${row.reporterName}`,
            details: { reportId: id, message },
          });
          mail(
            reportReplyMail({
              to: row.reporterEmail,
              questionLabel: questionLabel(row),
              message,
              link: link.toString(),
            }),
          );
        },
        () => mailErrors.replySavedNotSent(row.reporterEmail),
      );
      return {
        message: REPORT_TRIAGE_MESSAGES.replySent(row.reporterEmail),
        detail: await detail(id),
      };
    },

    async mine(userId: string): Promise<{ reports: MyReport[] }> {
      const rows = await reportsOfUser(db, userId);
      return {
        reports: rows.map((row) => ({
          id: row.id,
          questionId: row.questionId,
          examId: row.examId,
          questionLabel: questionLabel(row),
          type: row.type,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          reply: row.reply,
          repliedAt: row.repliedAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type ReportTriageService = ReturnType<typeof createReportTriageService>;
