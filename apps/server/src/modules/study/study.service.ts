import {
  CATALOG_MESSAGES,
  FREE_DAILY_QUESTION_LIMIT,
  type CheckAnswerResponse,
} from '@gabarita/shared';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { saoPauloDay } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ResolvedSession } from '../auth/auth.service';
import {
  findQuestionKey,
  hasAnswer,
  lockRecordedAnswer,
  recordAnswer,
  recordOpening,
  takeDailyCheck,
} from './study.repo';
import { countFirstAnswer } from './crowd-stats.repo';
import { questionStats } from './crowd-stats.service';
import { nextLadderState } from './review-ladder';
import { lockReviewItem, saveReviewItem } from './review.repo';

async function questionOrNotFound(db: Database, questionId: string) {
  const question = await findQuestionKey(db, questionId);
  if (!question)
    throw new AppError('catalog/question-not-found', 404, CATALOG_MESSAGES.questionNotFound);
  return question;
}

async function openQuestion(db: Database, session: ResolvedSession, questionId: string) {
  const question = await questionOrNotFound(db, questionId);
  await recordOpening(db, session.user.id, question.examId, questionId);
}

/**
 * Decides correctness on the server (docs/product-rules.md, "Answering"). Free accounts get
 * FREE_DAILY_QUESTION_LIMIT checks per São Paulo day. Answering a question again costs nothing and
 * keeps the first answer in the history. Taking the check and recording the answer is one
 * transaction, with the history row locked, so parallel checks cannot spend two free checks on one
 * question or record two answers. The same transaction counts the first answer for the crowd stats
 * and moves the question on the user's review ladder (any answer, first or not).
 */
async function checkAnswer(
  db: Database,
  session: ResolvedSession,
  questionId: string,
  letter: string,
): Promise<CheckAnswerResponse> {
  const question = await questionOrNotFound(db, questionId);
  // Before anything is counted: an annulled question has no key to check and costs no free check
  // (docs/product-rules.md, "Annulled and outdated questions").
  if (question.status === 'annulled') {
    throw new AppError('study/question-annulled', 409, CATALOG_MESSAGES.questionAnnulled);
  }
  if (!question.alternatives.some((alternative) => alternative.letter === letter)) {
    throw new AppError('study/invalid-letter', 400, CATALOG_MESSAGES.invalidLetter);
  }
  const userId = session.user.id;
  const free = session.sessionUser.accountType !== 'premium';
  const correct = letter === question.answerLetter;
  await inTransaction(db, async (tx) => {
    await recordOpening(tx, userId, question.examId, questionId);
    const recorded = await lockRecordedAnswer(tx, userId, questionId);
    if (!recorded?.response) {
      if (free && !(await takeDailyCheck(tx, userId, saoPauloDay(), FREE_DAILY_QUESTION_LIMIT))) {
        throw new AppError('limit/question', 402, CATALOG_MESSAGES.questionLimit);
      }
      await recordAnswer(tx, userId, questionId, {
        response: correct ? 'c' : 'e',
        chosenLetter: letter,
      });
      await countFirstAnswer(tx, questionId, letter);
    }
    await moveOnReviewLadder(tx, userId, questionId, correct);
  });
  return { correct, gabarito: question.answerLetter };
}

/** docs/product-rules.md, "Mistakes notebook": every check moves the question's review state. */
async function moveOnReviewLadder(
  tx: Database,
  userId: string,
  questionId: string,
  correct: boolean,
) {
  const now = new Date();
  const current = await lockReviewItem(tx, userId, questionId);
  const next = nextLadderState(current, correct, saoPauloDay(now));
  if (!next) return;
  await saveReviewItem(tx, userId, questionId, next, {
    wrongAt: correct ? null : now,
    reviewedAt: now,
  });
}

export function createStudyService(db: Database) {
  return {
    openQuestion: (session: ResolvedSession, questionId: string) =>
      openQuestion(db, session, questionId),
    checkAnswer: (session: ResolvedSession, questionId: string, letter: string) =>
      checkAnswer(db, session, questionId, letter),
    questionStats: (userId: string, questionId: string) => questionStats(db, userId, questionId),
    /** Whether the user has checked this question (and so has seen its key). */
    hasAnswered: (userId: string, questionId: string) => hasAnswer(db, userId, questionId),
  };
}

export type StudyService = ReturnType<typeof createStudyService>;
