import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import {
  questionHistory,
  questions,
  reviewItems,
  simuladoQuestions,
  simulados,
  subjects,
  testHistory,
} from '@/db/schema';
import { uncountUserAnswers } from './crowd-stats.repo';

/** Registers the exam in test_history and the question in question_history, on opening. */
export async function recordOpening(
  db: Database,
  userId: string,
  examId: string,
  questionId: string,
) {
  await db
    .insert(testHistory)
    .values({ userId, examId })
    .onConflictDoUpdate({
      target: [testHistory.userId, testHistory.examId],
      set: { lastOpenedAt: sql`now()` },
    });
  await db.insert(questionHistory).values({ userId, questionId }).onConflictDoNothing();
}

export async function hasAnswer(db: Database, userId: string, questionId: string) {
  const [row] = await db
    .select({ response: questionHistory.response })
    .from(questionHistory)
    .where(and(eq(questionHistory.userId, userId), eq(questionHistory.questionId, questionId)));
  return Boolean(row?.response);
}

/**
 * The recorded answer, with the history row locked until the transaction ends: two checks of the
 * same question by one user run one after the other.
 */
export async function lockRecordedAnswer(db: Database, userId: string, questionId: string) {
  const [row] = await db
    .select({ response: questionHistory.response })
    .from(questionHistory)
    .where(and(eq(questionHistory.userId, userId), eq(questionHistory.questionId, questionId)))
    .for('update');
  return row;
}

/**
 * The question's key as stored, its row locked until the transaction ends: a check shares the
 * lock, a definitive key takes it alone, so a key never changes under an answer being recorded
 * (docs/product-rules.md, "Definitive answer key"). Caches may lag; this read does not.
 */
export async function lockQuestionKey(
  db: Database,
  questionId: string,
  mode: 'share' | 'update' = 'share',
) {
  const [row] = await db
    .select({
      answerLetter: questions.answerLetter,
      status: questions.status,
      retired: sql<boolean>`${questions.retiredAt} is not null`,
    })
    .from(questions)
    .where(eq(questions.id, questionId))
    .for(mode);
  return row;
}

/** Records the answer only if none is recorded yet: the first answer is the one that counts. */
export async function recordAnswer(
  db: Database,
  userId: string,
  questionId: string,
  answer: { response: 'c' | 'e'; chosenLetter: string },
) {
  await db
    .update(questionHistory)
    .set({ ...answer, answeredAt: sql`now()` })
    .where(
      and(
        eq(questionHistory.userId, userId),
        eq(questionHistory.questionId, questionId),
        isNull(questionHistory.response),
      ),
    );
}

/** How many free checks the user took on `day`. */
export async function dailyChecksUsed(db: Database, userId: string, day: string) {
  const rows = await executeRows<{ question_checks: number }>(
    db,
    sql`select question_checks from daily_usage where user_id = ${userId} and day = ${day}`,
  );
  return rows[0]?.question_checks ?? 0;
}

/**
 * Takes one of the day's free checks, atomically: concurrent requests cannot both take the last one.
 * Returns false when the day's checks are used up.
 */
export async function takeDailyCheck(db: Database, userId: string, day: string, limit: number) {
  const rows = await executeRows<{ question_checks: number }>(
    db,
    sql`insert into daily_usage (user_id, day, question_checks) values (${userId}, ${day}, 1)
        on conflict (user_id, day) do update set question_checks = daily_usage.question_checks + 1
        where daily_usage.question_checks < ${limit}
        returning question_checks`,
  );
  return rows.length === 1 && limit > 0;
}

export interface SubjectScoreRow {
  discipline_code: string;
  discipline_name: string;
  subject: string;
  answered: number;
  correct: number;
}

/** The user's answered questions counted per discipline and subject, in one grouped query. */
export async function scoresBySubject(db: Database, userId: string) {
  return executeRows<SubjectScoreRow>(
    db,
    sql`select q.discipline_code, d.name as discipline_name, s.name as subject,
               count(*)::int as answered,
               count(*) filter (where qh.response = 'c')::int as correct
        from question_history qh
        join questions q on q.id = qh.question_id
        join subjects s on s.id = q.subject_id
        join disciplines d on d.code = q.discipline_code
        where qh.user_id = ${userId} and qh.response is not null and q.status <> 'annulled'
        group by q.discipline_code, d.name, s.name`,
  );
}

export async function totalScore(db: Database, userId: string) {
  const [row] = await executeRows<{ answered: number; correct: number }>(
    db,
    sql`select count(*)::int as answered, count(*) filter (where qh.response = 'c')::int as correct
        from question_history qh join questions q on q.id = qh.question_id
        where qh.user_id = ${userId} and qh.response is not null and q.status <> 'annulled'`,
  );
  return row ?? { answered: 0, correct: 0 };
}

/**
 * Empties one user's history (call it inside a transaction); the where clauses are the only thing
 * between users.
 */
export async function deleteHistory(db: Database, userId: string) {
  // The crowd counters keep matching the histories (docs/product-rules.md, "Crowd answer stats").
  await uncountUserAnswers(db, userId);
  await db.delete(reviewItems).where(eq(reviewItems.userId, userId));
  await db.delete(questionHistory).where(eq(questionHistory.userId, userId));
  // Simulado results are part of the history (docs/product-rules.md, "Simulados").
  await db.delete(simulados).where(eq(simulados.userId, userId));
  await db.delete(testHistory).where(eq(testHistory.userId, userId));
}

export interface ProgressRow {
  day: string;
  group_key: string;
  group_name: string;
  answered: number;
  correct: number;
}

/**
 * The user's answers per São Paulo day and discipline (or exam board) since `since`; annulled
 * questions count nowhere.
 */
export async function answersPerDay(
  db: Database,
  userId: string,
  since: string,
  by: 'disciplina' | 'banca',
) {
  const group =
    by === 'banca'
      ? sql`e.instituicao as group_key, e.instituicao as group_name`
      : sql`d.code as group_key, d.name as group_name`;
  return executeRows<ProgressRow>(
    db,
    sql`select to_char((qh.answered_at at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as day,
               ${group},
               count(*)::int as answered,
               count(*) filter (where qh.response = 'c')::int as correct
          from question_history qh
          join questions q on q.id = qh.question_id
          join exams e on e.id = q.exam_id
          join disciplines d on d.code = q.discipline_code
         where qh.user_id = ${userId}
           and qh.response is not null
           and q.status <> 'annulled'
           and (qh.answered_at at time zone 'America/Sao_Paulo')::date >= ${since}::date
         group by 1, 2, 3`,
  );
}

/**
 * Everything of one user's history the catalogue screens mark: exams opened and answers, places on
 * the review ladder, and the questions of simulados not finished yet.
 */
export async function loadMarks(db: Database, userId: string) {
  const [exams, answers, ladder, inSimulados] = await Promise.all([
    db
      .select({ examId: testHistory.examId })
      .from(testHistory)
      .where(eq(testHistory.userId, userId)),
    db
      .select({
        questionId: questionHistory.questionId,
        response: questionHistory.response,
        chosenLetter: questionHistory.chosenLetter,
        answeredAt: questionHistory.answeredAt,
      })
      .from(questionHistory)
      .where(and(eq(questionHistory.userId, userId), isNotNull(questionHistory.response))),
    db
      .select({
        questionId: reviewItems.questionId,
        step: reviewItems.step,
        dueDay: reviewItems.dueDay,
      })
      .from(reviewItems)
      .where(eq(reviewItems.userId, userId)),
    db
      .select({
        questionId: simuladoQuestions.questionId,
        simuladoId: simulados.id,
        startedAt: simulados.startedAt,
        timeLimitSeconds: simulados.timeLimitSeconds,
        disciplineCode: questions.disciplineCode,
        subject: subjects.name,
      })
      .from(simulados)
      .innerJoin(simuladoQuestions, eq(simuladoQuestions.simuladoId, simulados.id))
      .innerJoin(questions, eq(questions.id, simuladoQuestions.questionId))
      .innerJoin(subjects, eq(subjects.id, questions.subjectId))
      .where(and(eq(simulados.userId, userId), isNull(simulados.finishedAt))),
  ]);
  return { exams, answers, ladder, inSimulados };
}
