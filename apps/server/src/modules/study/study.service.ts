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
import type { CatalogService } from '../catalog/catalog.service';
import type { StudyMarks } from './study-marks';
import {
  hasAnswer,
  lockRecordedAnswer,
  recordAnswer,
  recordOpening,
  takeDailyCheck,
} from './study.repo';

type QuestionKeys = Pick<CatalogService, 'questionKey'>;

async function questionOrNotFound(catalog: QuestionKeys, questionId: string) {
  const question = await catalog.questionKey(questionId);
  if (!question)
    throw new AppError('catalog/question-not-found', 404, CATALOG_MESSAGES.questionNotFound);
  return question;
}

async function openQuestion(
  db: Database,
  catalog: QuestionKeys,
  marks: Pick<StudyMarks, 'drop'> | undefined,
  session: ResolvedSession,
  questionId: string,
) {
  const question = await questionOrNotFound(catalog, questionId);
  try {
    await recordOpening(db, session.user.id, question.examId, questionId);
  } finally {
    marks?.drop(session.user.id);
  }
}

/**
 * Decides correctness on the server (docs/product-rules.md, "Answering"). Free accounts get
 * FREE_DAILY_QUESTION_LIMIT checks per São Paulo day. Answering a question again costs nothing and
 * keeps the first answer in the history. Taking the check and recording the answer is one
 * transaction, with the history row locked, so parallel checks cannot spend two free checks on one
 * question or record two answers.
 */
async function checkAnswer(
  db: Database,
  catalog: QuestionKeys,
  marks: Pick<StudyMarks, 'of' | 'drop'> | undefined,
  session: ResolvedSession,
  questionId: string,
  letter: string,
): Promise<CheckAnswerResponse> {
  const question = await questionOrNotFound(catalog, questionId);
  // Before anything is counted: an annulled question has no key to check and costs no free check
  // (docs/product-rules.md, "Annulled and outdated questions").
  if (question.status === 'annulled') {
    throw new AppError('study/question-annulled', 409, CATALOG_MESSAGES.questionAnnulled);
  }
  if (!question.alternatives.some((alternative) => alternative.letter === letter)) {
    throw new AppError('study/invalid-letter', 400, CATALOG_MESSAGES.invalidLetter);
  }
  const userId = session.user.id;
  const result = { correct: letter === question.answerLetter, gabarito: question.answerLetter };
  // Answering again changes nothing (the first answer is kept): no transaction. The marks in
  // memory may lag behind an answer just recorded elsewhere; then the transaction below decides.
  const answered = marks
    ? (await marks.of(userId)).answers.has(questionId)
    : await hasAnswer(db, userId, questionId);
  if (answered) return result;
  const free = session.sessionUser.accountType !== 'premium';
  try {
    await inTransaction(db, async (tx) => {
      await recordOpening(tx, userId, question.examId, questionId);
      const recorded = await lockRecordedAnswer(tx, userId, questionId);
      if (recorded?.response) return;
      if (free && !(await takeDailyCheck(tx, userId, saoPauloDay(), FREE_DAILY_QUESTION_LIMIT))) {
        throw new AppError('limit/question', 402, CATALOG_MESSAGES.questionLimit);
      }
      await recordAnswer(tx, userId, questionId, {
        response: letter === question.answerLetter ? 'c' : 'e',
        chosenLetter: letter,
      });
    });
  } finally {
    marks?.drop(userId);
  }
  return result;
}

/** `marks`: this instance's copy of users' marks, dropped after each write here. */
export function createStudyService(
  db: Database,
  catalog: QuestionKeys,
  marks?: Pick<StudyMarks, 'drop' | 'of'>,
) {
  return {
    openQuestion: (session: ResolvedSession, questionId: string) =>
      openQuestion(db, catalog, marks, session, questionId),
    checkAnswer: (session: ResolvedSession, questionId: string, letter: string) =>
      checkAnswer(db, catalog, marks, session, questionId, letter),
    /** Whether the user has checked this question (and so has seen its key). */
    hasAnswered: (userId: string, questionId: string) => hasAnswer(db, userId, questionId),
  };
}

export type StudyService = ReturnType<typeof createStudyService>;
