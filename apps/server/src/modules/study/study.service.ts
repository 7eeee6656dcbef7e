import {
  CATALOG_MESSAGES,
  FREE_DAILY_QUESTION_LIMIT,
  type CheckAnswerResponse,
} from '@gabarita/shared';
import type { Database } from '../../db/client';
import { saoPauloDay } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ResolvedSession } from '../auth/auth.service';
import {
  findQuestionKey,
  findRecordedAnswer,
  recordAnswer,
  recordOpening,
  takeDailyCheck,
} from './study.repo';

async function questionOrNotFound(db: Database, questionId: string) {
  const question = await findQuestionKey(db, questionId);
  if (!question)
    throw new AppError('catalog/question-not-found', 404, CATALOG_MESSAGES.questionNotFound);
  return question;
}

export async function openQuestion(db: Database, session: ResolvedSession, questionId: string) {
  const question = await questionOrNotFound(db, questionId);
  await recordOpening(db, session.user.id, question.examId, questionId);
}

/**
 * Decides correctness on the server. Free accounts get FREE_DAILY_QUESTION_LIMIT checks per São
 * Paulo day; a question already answered is not counted again (its key is known to the user).
 */
export async function checkAnswer(
  db: Database,
  session: ResolvedSession,
  questionId: string,
  letter: string,
): Promise<CheckAnswerResponse> {
  const question = await questionOrNotFound(db, questionId);
  if (!question.alternatives.some((alternative) => alternative.letter === letter)) {
    throw new AppError('study/invalid-letter', 400, CATALOG_MESSAGES.invalidLetter);
  }
  const userId = session.user.id;
  const result = { correct: letter === question.answerLetter, gabarito: question.answerLetter };

  const recorded = await findRecordedAnswer(db, userId, questionId);
  if (recorded?.response) return result;

  const free = session.sessionUser.accountType !== 'premium';
  if (free && !(await takeDailyCheck(db, userId, saoPauloDay(), FREE_DAILY_QUESTION_LIMIT))) {
    throw new AppError('limit/question', 402, CATALOG_MESSAGES.questionLimit);
  }
  await recordOpening(db, userId, question.examId, questionId);
  await recordAnswer(db, userId, questionId, {
    response: result.correct ? 'c' : 'e',
    chosenLetter: letter,
  });
  return result;
}

export async function questionExists(db: Database, questionId: string) {
  return Boolean(await findQuestionKey(db, questionId));
}
