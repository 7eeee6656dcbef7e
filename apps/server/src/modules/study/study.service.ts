import {
  FREE_DAILY_QUESTION_LIMIT,
  type CheckAnswerResponse,
  type QuestionChecksResponse,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { saoPauloDay } from '@/lib/clock';
import type { ResolvedSession } from '@/modules/auth';
import type { CatalogService } from '@/modules/catalog';
import type { SimuladoService } from './simulado.service';
import type { StudyMarks } from './study-marks';
import {
  dailyChecksUsed,
  hasAnswer,
  lockQuestionKey,
  lockRecordedAnswer,
  recordOpening,
  takeDailyCheck,
} from './study.repo';
import { settleAnswer } from './answer-recording';
import { questionStats } from './crowd-stats.service';
import { answerMovesQuestion } from '@/modules/review';
import { catalogErrors, studyErrors } from '@/lib/app-errors';

type QuestionKeys = Pick<CatalogService, 'questionKey'>;
type SimuladoHolds = Pick<SimuladoService, 'assertQuestionFree' | 'assertSubjectFree'>;

/** Checks past the free daily limit, paid with package tokens (docs/product-rules.md, "Answering questions"). */
export interface PackageChecks {
  /** Input tokens one such check costs. */
  tokens: number;
  /** Pays one check inside the caller's transaction; false when the package cannot. */
  charge(tx: Database, userId: string): Promise<boolean>;
  /** Whether the user's package can pay one check now. */
  affordable(userId: string): Promise<boolean>;
}

async function questionOrNotFound(catalog: QuestionKeys, questionId: string) {
  const question = await catalog.questionKey(questionId);
  if (!question) throw catalogErrors.questionNotFound();
  return question;
}

async function openQuestion(
  db: Database,
  catalog: QuestionKeys,
  marks: Pick<StudyMarks, 'drop'>,
  session: ResolvedSession,
  questionId: string,
) {
  const question = await questionOrNotFound(catalog, questionId);
  // Out of the catalogue: opening it from the history adds nothing to the history
  // (docs/product-rules.md, "Retired questions").
  if (question.retired) return;
  try {
    await recordOpening(db, session.user.id, question.examId, questionId);
  } finally {
    marks.drop(session.user.id);
  }
}

/**
 * Decides correctness on the server (docs/product-rules.md, "Answering questions"). Free accounts
 * get FREE_DAILY_QUESTION_LIMIT checks per São Paulo day, and past them one check per
 * `packageChecks.tokens` tokens of a package they hold. Answering a question again costs nothing
 * and keeps the first answer in the history. Taking the check and recording the answer is one
 * transaction, with the history row locked, so parallel checks cannot spend two free checks on one
 * question or record two answers. The same transaction counts the first answer for the crowd stats
 * and moves the question in the user's review queue (any answer, first or not).
 */
async function checkAnswer(
  db: Database,
  catalog: QuestionKeys,
  marks: Pick<StudyMarks, 'of' | 'drop'>,
  simulados: SimuladoHolds,
  packageChecks: PackageChecks,
  session: ResolvedSession,
  questionId: string,
  letter: string,
): Promise<CheckAnswerResponse> {
  const question = await questionOrNotFound(catalog, questionId);
  // Before anything is counted: an annulled question has no key to check and costs no free check
  // (docs/product-rules.md, "Annulled and outdated questions").
  if (question.status === 'annulled') {
    throw studyErrors.questionAnnulled();
  }
  if (!question.alternatives.some((alternative) => alternative.letter === letter)) {
    throw studyErrors.invalidLetter();
  }
  const userId = session.user.id;
  // The key of a question a running simulado holds is given by the simulado, at its end.
  await simulados.assertQuestionFree(userId, questionId);
  // Answering again keeps the first answer: no history write and no free check. The marks in
  // memory may lag behind an answer just recorded elsewhere; then the full transaction decides.
  const kept = await marks.of(userId);
  const answered = kept.answers.has(questionId);
  const free = session.sessionUser.accountType !== 'premium';
  const correct = letter === question.answerLetter;
  if (answered) {
    // A re-check records nothing new, but may move the question in the review queue. Usually it
    // changes nothing there, which the marks (or one read) decide before any transaction; when
    // they say it moves, the transaction decides again on the locked row.
    const ladder = kept.ladder.get(questionId);
    if (!answerMovesQuestion(ladder, correct, saoPauloDay())) {
      return { correct, gabarito: question.answerLetter };
    }
    try {
      await inTransaction(db, (tx) =>
        settleAnswer(tx, userId, questionId, { letter, correct, first: false }),
      );
    } finally {
      marks.drop(userId);
    }
    return { correct, gabarito: question.answerLetter };
  }
  try {
    return await inTransaction(db, async (tx) => {
      // The key that decides the recorded answer is the stored one, read under a lock.
      const key = await lockQuestionKey(tx, questionId);
      if (!key) throw catalogErrors.questionNotFound();
      if (key.status === 'annulled') throw studyErrors.questionAnnulled();
      const verdict = { correct: letter === key.answerLetter, gabarito: key.answerLetter };
      await recordOpening(tx, userId, question.examId, questionId);
      const recorded = await lockRecordedAnswer(tx, userId, questionId);
      const first = !recorded?.response;
      // A retired question is checked again by those who answered it, never answered anew
      // (docs/product-rules.md, "Retired questions"); refused before anything is counted.
      if (first && key.retired) throw studyErrors.questionRetired();
      if (
        first &&
        free &&
        !(await takeDailyCheck(tx, userId, saoPauloDay(), FREE_DAILY_QUESTION_LIMIT)) &&
        !(await packageChecks.charge(tx, userId))
      ) {
        throw studyErrors.questionLimit();
      }
      await settleAnswer(tx, userId, questionId, { letter, correct: verdict.correct, first });
      return verdict;
    });
  } finally {
    marks.drop(userId);
  }
}

/**
 * Today's free checks, shown to free accounts in the viewer ('2 de 3 questões hoje'), and, once
 * they are used up, what a check costs from the package when the package can pay it.
 */
async function questionChecks(
  db: Database,
  packageChecks: PackageChecks,
  session: ResolvedSession,
): Promise<QuestionChecksResponse> {
  const used = await dailyChecksUsed(db, session.user.id, saoPauloDay());
  if (session.sessionUser.accountType === 'premium') {
    return { limit: null, used, remaining: null, packageCheckTokens: null };
  }
  const limit = FREE_DAILY_QUESTION_LIMIT;
  const remaining = Math.max(0, limit - used);
  const payable = remaining === 0 && (await packageChecks.affordable(session.user.id));
  return { limit, used, remaining, packageCheckTokens: payable ? packageChecks.tokens : null };
}

/**
 * `marks`: this instance's copy of users' marks, dropped after each write here; `simulados` says
 * which questions a running simulado holds; `packageChecks` pays checks past the free limit.
 */
export function createStudyService(
  db: Database,
  catalog: QuestionKeys,
  marks: Pick<StudyMarks, 'drop' | 'of'>,
  simulados: SimuladoHolds,
  packageChecks: PackageChecks,
) {
  return {
    questionChecks: (session: ResolvedSession) => questionChecks(db, packageChecks, session),
    openQuestion: (session: ResolvedSession, questionId: string) =>
      openQuestion(db, catalog, marks, session, questionId),
    checkAnswer: (session: ResolvedSession, questionId: string, letter: string) =>
      checkAnswer(db, catalog, marks, simulados, packageChecks, session, questionId, letter),
    /** Refuses (409) while a running simulado of the user holds the question. */
    assertQuestionFree: simulados.assertQuestionFree,
    /** Refuses (409) while a running simulado of the user holds a question of the subject. */
    assertSubjectFree: simulados.assertSubjectFree,
    questionStats: (userId: string, questionId: string) => questionStats(db, userId, questionId),
    /** Whether the user has checked this question (and so has seen its key). */
    hasAnswered: (userId: string, questionId: string) => hasAnswer(db, userId, questionId),
  };
}

export type StudyService = ReturnType<typeof createStudyService>;
