import { and, asc, eq, sql } from 'drizzle-orm';
import type { Alternative } from '@gabarita/shared';
import { type Database, executeRows } from '@/db/client';
import {
  disciplines,
  flashcards,
  questions,
  reviewItems,
  reviewLogs,
  reviewSettings,
} from '@/db/schema';
import type { StoredState } from './scheduler';

const stateColumns = (table: typeof reviewItems | typeof flashcards) => ({
  guid: table.guid,
  due: table.due,
  dueDay: sql<string>`to_char(${table.dueDay}, 'YYYY-MM-DD')`,
  stability: table.stability,
  difficulty: table.difficulty,
  elapsedDays: table.elapsedDays,
  scheduledDays: table.scheduledDays,
  learningSteps: table.learningSteps,
  reps: table.reps,
  lapses: table.lapses,
  fsrsState: table.fsrsState,
  lastReviewedAt: table.lastReviewedAt,
});

const stateValues = (state: StoredState) => ({
  due: state.due,
  dueDay: state.dueDay,
  stability: state.stability,
  difficulty: state.difficulty,
  elapsedDays: state.elapsedDays,
  scheduledDays: state.scheduledDays,
  learningSteps: state.learningSteps,
  reps: state.reps,
  lapses: state.lapses,
  fsrsState: state.fsrsState,
  lastReviewedAt: state.lastReviewedAt,
});

export async function desiredRetention(db: Database, userId: string) {
  const [row] = await db
    .select({ value: reviewSettings.desiredRetention })
    .from(reviewSettings)
    .where(eq(reviewSettings.userId, userId));
  return row?.value;
}

export async function saveDesiredRetention(db: Database, userId: string, value: number) {
  await db
    .insert(reviewSettings)
    .values({ userId, desiredRetention: value })
    .onConflictDoUpdate({
      target: reviewSettings.userId,
      set: { desiredRetention: value, updatedAt: new Date() },
    });
}

/** A notebook question's state, locked until the transaction ends. */
export async function lockQuestionItem(db: Database, userId: string, questionId: string) {
  const [row] = await db
    .select({ ...stateColumns(reviewItems), step: reviewItems.step })
    .from(reviewItems)
    .where(and(eq(reviewItems.userId, userId), eq(reviewItems.questionId, questionId)))
    .for('update');
  return row;
}

/** The user's item with this GUID (a notebook question or a card), locked. */
export async function lockItemByGuid(db: Database, userId: string, guid: string) {
  const [question] = await db
    .select({
      ...stateColumns(reviewItems),
      step: reviewItems.step,
      questionId: reviewItems.questionId,
      answerLetter: sql<string>`(select answer_letter from questions where id = ${reviewItems.questionId})`,
      disciplineCode: sql<string>`(select discipline_code from questions where id = ${reviewItems.questionId})`,
    })
    .from(reviewItems)
    .where(and(eq(reviewItems.userId, userId), eq(reviewItems.guid, guid)))
    .for('update');
  if (question) return { kind: 'question' as const, ...question };
  const [card] = await db
    .select({ ...stateColumns(flashcards), disciplineCode: flashcards.disciplineCode })
    .from(flashcards)
    .where(and(eq(flashcards.userId, userId), eq(flashcards.guid, guid)))
    .for('update');
  return card ? { kind: 'flashcard' as const, ...card } : undefined;
}

export async function saveQuestionState(
  db: Database,
  userId: string,
  questionId: string,
  state: StoredState,
  extra: { step: number; wrongAt: Date | null },
) {
  await db
    .insert(reviewItems)
    .values({
      userId,
      questionId,
      ...stateValues(state),
      step: extra.step,
      lastWrongAt: extra.wrongAt ?? state.lastReviewedAt ?? new Date(),
    })
    .onConflictDoUpdate({
      target: [reviewItems.userId, reviewItems.questionId],
      set: {
        ...stateValues(state),
        step: extra.step,
        ...(extra.wrongAt ? { lastWrongAt: extra.wrongAt } : {}),
      },
    });
}

export async function saveCardState(db: Database, guid: string, state: StoredState) {
  await db.update(flashcards).set(stateValues(state)).where(eq(flashcards.guid, guid));
}

export interface LogEntry {
  userId: string;
  clientId: string;
  itemGuid: string;
  kind: 'question' | 'flashcard';
  questionId: string | null;
  disciplineCode: string | null;
  rating: number;
  fsrsState: number;
  elapsedDays: number;
  scheduledDays: number;
  stability: number;
  difficulty: number;
  reviewedAt: Date;
  nextDue: Date;
  nextDueDay: string;
  applied: boolean;
}

export async function findLog(db: Database, userId: string, clientId: string) {
  const [row] = await db
    .select({
      clientId: reviewLogs.clientId,
      itemGuid: reviewLogs.itemGuid,
      rating: reviewLogs.rating,
      applied: reviewLogs.applied,
      reviewedAt: reviewLogs.reviewedAt,
      nextDue: reviewLogs.nextDue,
      nextDueDay: sql<string>`to_char(${reviewLogs.nextDueDay}, 'YYYY-MM-DD')`,
    })
    .from(reviewLogs)
    .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.clientId, clientId)));
  return row;
}

/** Records the review; false when a review with this client id was already recorded. */
export async function insertLog(db: Database, entry: LogEntry) {
  const rows = await db
    .insert(reviewLogs)
    .values(entry)
    .onConflictDoNothing({ target: [reviewLogs.userId, reviewLogs.clientId] })
    .returning({ id: reviewLogs.id });
  return rows.length > 0;
}

export interface QueueQuestionRow {
  guid: string;
  due_day: string;
  question_id: string;
  number: number;
  discipline_name: string;
  subject: string;
  statement_html: string;
  alternatives: Alternative[];
  answer_letter: string;
}

/**
 * Notebook questions due by `today`; annulled ones have left the notebook, and those a running
 * simulado holds wait for its end (their key is the simulado's to give).
 */
const isDueQuestion = (userId: string, today: string) =>
  sql`ri.user_id = ${userId} and q.status <> 'annulled' and ri.due_day <= ${today}
      and not exists (select 1 from simulado_questions sq
                        join simulados sm on sm.id = sq.simulado_id
                       where sm.user_id = ${userId} and sm.finished_at is null
                         and sq.question_id = q.id)`;

export async function dueQuestions(db: Database, userId: string, today: string, limit: number) {
  return executeRows<QueueQuestionRow & StateRow>(
    db,
    sql`select ri.guid, to_char(ri.due_day, 'YYYY-MM-DD') as due_day, ri.due, ri.stability,
               ri.difficulty, ri.elapsed_days, ri.scheduled_days, ri.learning_steps, ri.reps,
               ri.lapses, ri.fsrs_state, ri.last_reviewed_at,
               q.id as question_id, q.number, d.name as discipline_name, s.name as subject,
               q.statement_html, q.alternatives, q.answer_letter
          from review_items ri
          join questions q on q.id = ri.question_id
          join subjects s on s.id = q.subject_id
          join disciplines d on d.code = q.discipline_code
         where ${isDueQuestion(userId, today)}
         order by ri.due_day, ri.due nulls first, ri.guid
         limit ${limit}`,
  );
}

/**
 * The due day and GUID of the questions and cards dueQuestions and dueCards would list: what the
 * day's queue is ordered by.
 */
export async function dueKeys(db: Database, userId: string, today: string, limit: number) {
  const [questionKeys, cardKeys] = await Promise.all([
    executeRows<{ guid: string; due_day: string }>(
      db,
      sql`select ri.guid, to_char(ri.due_day, 'YYYY-MM-DD') as due_day
            from review_items ri join questions q on q.id = ri.question_id
           where ${isDueQuestion(userId, today)}
           order by ri.due_day, ri.due nulls first, ri.guid
           limit ${limit}`,
    ),
    db
      .select({
        guid: flashcards.guid,
        dueDay: sql<string>`to_char(${flashcards.dueDay}, 'YYYY-MM-DD')`,
      })
      .from(flashcards)
      .where(and(eq(flashcards.userId, userId), sql`${flashcards.dueDay} <= ${today}`))
      .orderBy(asc(flashcards.dueDay), asc(flashcards.due), asc(flashcards.guid))
      .limit(limit),
  ]);
  return {
    questions: questionKeys.map((row) => ({ guid: row.guid, dueDay: row.due_day })),
    cards: cardKeys,
  };
}

export interface StateRow {
  due: Date | string | null;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  fsrs_state: number;
  last_reviewed_at: Date | string | null;
  due_day: string;
}

const flashcardColumns = {
  id: flashcards.guid,
  front: flashcards.front,
  back: flashcards.back,
  disciplineCode: flashcards.disciplineCode,
  disciplineName: disciplines.name,
  subject: flashcards.subject,
  sourceQuestionId: flashcards.sourceQuestionId,
  flaggedBecause: flashcards.flaggedBecause,
  createdAt: flashcards.createdAt,
};

export async function dueCards(db: Database, userId: string, today: string, limit: number) {
  return db
    .select({ ...flashcardColumns, ...stateColumns(flashcards) })
    .from(flashcards)
    .leftJoin(disciplines, eq(disciplines.code, flashcards.disciplineCode))
    .where(and(eq(flashcards.userId, userId), sql`${flashcards.dueDay} <= ${today}`))
    .orderBy(asc(flashcards.dueDay), asc(flashcards.due), asc(flashcards.guid))
    .limit(limit);
}

export async function listCards(db: Database, userId: string) {
  return db
    .select({ ...flashcardColumns, dueDay: stateColumns(flashcards).dueDay })
    .from(flashcards)
    .leftJoin(disciplines, eq(disciplines.code, flashcards.disciplineCode))
    .where(eq(flashcards.userId, userId))
    .orderBy(asc(flashcards.createdAt), asc(flashcards.guid));
}

export async function cardOf(db: Database, userId: string, guid: string) {
  const [row] = await db
    .select({ ...flashcardColumns, dueDay: stateColumns(flashcards).dueDay })
    .from(flashcards)
    .leftJoin(disciplines, eq(disciplines.code, flashcards.disciplineCode))
    .where(and(eq(flashcards.userId, userId), eq(flashcards.guid, guid)));
  return row;
}

export async function insertCard(
  db: Database,
  values: {
    userId: string;
    front: string;
    back: string;
    disciplineCode: string | null;
    subject: string | null;
    sourceQuestionId: string | null;
    dueDay: string;
  },
) {
  // A new card is due the day it is made, as a new item (state New, nothing learned yet).
  const [row] = await db
    .insert(flashcards)
    .values({
      ...values,
      stability: 0,
      difficulty: 0,
      scheduledDays: 0,
      reps: 0,
      fsrsState: 0,
    })
    .returning({ guid: flashcards.guid });
  return row!.guid;
}

export async function updateCard(
  db: Database,
  userId: string,
  guid: string,
  values: { front: string; back: string; disciplineCode: string | null; subject: string | null },
) {
  const rows = await db
    .update(flashcards)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(flashcards.userId, userId), eq(flashcards.guid, guid)))
    .returning({ guid: flashcards.guid });
  return rows.length > 0;
}

export async function deleteCard(db: Database, userId: string, guid: string) {
  const rows = await db
    .delete(flashcards)
    .where(and(eq(flashcards.userId, userId), eq(flashcards.guid, guid)))
    .returning({ guid: flashcards.guid });
  return rows.length > 0;
}

export async function disciplineExists(db: Database, code: string) {
  const [row] = await db
    .select({ code: disciplines.code })
    .from(disciplines)
    .where(eq(disciplines.code, code));
  return Boolean(row);
}

/** A question of the user's notebook, with what a card made from it needs. */
export async function notebookQuestion(db: Database, userId: string, questionId: string) {
  const [row] = await executeRows<{
    id: string;
    statement_html: string;
    alternatives: Alternative[];
    answer_letter: string;
    discipline_code: string;
    subject: string;
    commentary: { summaryHtml: string; sources: { reference: string }[] } | null;
  }>(
    db,
    sql`select q.id, q.statement_html, q.alternatives, q.answer_letter, q.discipline_code,
               s.name as subject, q.commentary
          from review_items ri
          join questions q on q.id = ri.question_id
          join subjects s on s.id = q.subject_id
         where ri.user_id = ${userId} and ri.question_id = ${questionId}`,
  );
  return row;
}

/** Marks the cards made from a question as possibly out of date (their text stays). */
export async function flagCardsOf(db: Database, questionId: string, because: string) {
  await db
    .update(flashcards)
    .set({ flaggedBecause: because, flaggedAt: new Date() })
    .where(eq(flashcards.sourceQuestionId, questionId));
}

/** Reviews per discipline since `since`, and how many were not rated Again. First ratings of new items are not reviews. */
export async function retentionByDiscipline(db: Database, userId: string, since: Date) {
  return executeRows<{ code: string; name: string; reviews: number; remembered: number }>(
    db,
    sql`select l.discipline_code as code, d.name,
               count(*)::int as reviews, count(*) filter (where l.rating <> 1)::int as remembered
          from review_logs l join disciplines d on d.code = l.discipline_code
         where l.user_id = ${userId} and l.reviewed_at >= ${since.toISOString()}
           and l.fsrs_state <> 0
         group by l.discipline_code, d.name
         order by d.name`,
  );
}

export async function questionDiscipline(db: Database, questionId: string) {
  const [row] = await db
    .select({ code: questions.disciplineCode })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row?.code ?? null;
}
