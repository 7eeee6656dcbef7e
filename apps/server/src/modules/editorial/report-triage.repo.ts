import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ReportStatus } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { disciplines, errorReports, exams, questions, users } from '@/db/schema';

export interface ReportFilter {
  statuses: readonly ReportStatus[] | null;
  type?: string;
  examId?: string;
  disciplineCode?: string;
}

const UNRESOLVED = sql.raw(`('new', 'reviewing')`);

/** The columns of a queue line: the report, its question's label parts and its reporter. */
const queueColumns = {
  id: errorReports.id,
  questionId: errorReports.questionId,
  number: questions.number,
  examId: exams.id,
  kind: exams.kind,
  cargo: exams.cargo,
  instituicao: exams.instituicao,
  ano: exams.ano,
  disciplineName: disciplines.name,
  type: errorReports.type,
  text: errorReports.text,
  status: errorReports.status,
  createdAt: errorReports.createdAt,
  reporterName: users.name,
  reporterEmail: users.email,
  repliedAt: errorReports.repliedAt,
  reply: errorReports.reply,
  handledBy: errorReports.handledBy,
  fixedInVersion: errorReports.fixedInVersion,
  answerLetter: questions.answerLetter,
  openOnQuestion: sql<number>`(select count(*) from error_reports o
    where o.question_id = ${errorReports.questionId} and o.status in ${UNRESOLVED})::int`.mapWith(
    Number,
  ),
};

function queueSelect(db: Database) {
  return db
    .select(queueColumns)
    .from(errorReports)
    .innerJoin(questions, eq(questions.id, errorReports.questionId))
    .innerJoin(exams, eq(exams.id, questions.examId))
    .innerJoin(disciplines, eq(disciplines.code, questions.disciplineCode))
    .innerJoin(users, eq(users.id, errorReports.userId));
}

export type QueueRow = Awaited<ReturnType<ReturnType<typeof queueSelect>['execute']>>[number];

function conditions(filter: Omit<ReportFilter, 'statuses'>): SQL[] {
  const list: SQL[] = [];
  if (filter.type) list.push(eq(errorReports.type, filter.type));
  if (filter.examId) list.push(eq(questions.examId, filter.examId));
  if (filter.disciplineCode) list.push(eq(questions.disciplineCode, filter.disciplineCode));
  return list;
}

/** Newest first; `before` continues after that report. */
export async function reportQueue(
  db: Database,
  filter: ReportFilter,
  before: string | undefined,
  limit: number,
) {
  const where = conditions(filter);
  if (filter.statuses) where.push(inArray(errorReports.status, [...filter.statuses]));
  if (before) {
    where.push(
      sql`(${errorReports.createdAt}, ${errorReports.id}) < (select created_at, id from error_reports where id = ${before})`,
    );
  }
  return queueSelect(db)
    .where(and(...where))
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
    .limit(limit);
}

/** Reports per status under the filters other than the status. */
export async function reportCounts(db: Database, filter: Omit<ReportFilter, 'statuses'>) {
  return db
    .select({ status: errorReports.status, total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(errorReports)
    .innerJoin(questions, eq(questions.id, errorReports.questionId))
    .where(and(...conditions(filter)))
    .groupBy(errorReports.status);
}

export async function findReport(db: Database, id: string) {
  const [row] = await queueSelect(db).where(eq(errorReports.id, id));
  return row;
}

export async function reportsOnQuestion(db: Database, questionId: string) {
  return queueSelect(db)
    .where(eq(errorReports.questionId, questionId))
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id));
}

/**
 * A new status; a report marked fixed records the question's newest version (the fix). A reopened
 * report that collides with an open twin throws a unique violation.
 */
export async function setReportStatus(
  db: Database,
  id: string,
  status: ReportStatus,
  editorId: string,
) {
  await db
    .update(errorReports)
    .set({
      status,
      handledBy: editorId,
      updatedAt: sql`now()`,
      fixedInVersion:
        status === 'fixed'
          ? sql`(select max(v.version) from question_versions v where v.question_id = ${errorReports.questionId})`
          : null,
    })
    .where(eq(errorReports.id, id));
}

export async function saveReply(db: Database, id: string, reply: string, editorId: string) {
  await db
    .update(errorReports)
    .set({ reply, repliedAt: sql`now()`, handledBy: editorId, updatedAt: sql`now()` })
    .where(eq(errorReports.id, id));
}

/** One user's reports, newest first ('Meus reportes'). */
export async function reportsOfUser(db: Database, userId: string) {
  return queueSelect(db)
    .where(eq(errorReports.userId, userId))
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
    .limit(200);
}

export async function editorName(db: Database, userId: string) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}
