// Where the catalogue's answers to a user take that user's marks from (catalog.service.ts).
import { type QuestionDetail } from '@gabarita/shared';
import { type Database } from '@/db/client';
import { type UserMarks } from '../study/study-marks';
import { examsInHistory, findAnswer, responsesOf } from './catalog.repo';

/** Where a user's marks come from: memory (study-marks.ts) or, without it, the database. */
export interface MarksSource {
  openedExams(userId: string, examIds: string[]): Promise<ReadonlySet<string>>;
  /** A lookup of the user's result ('c' or 'e') for any of these questions. */
  responses(
    userId: string,
    questionIds: string[],
  ): Promise<(questionId: string) => 'c' | 'e' | null>;
  answer(userId: string, questionId: string): Promise<QuestionDetail['recordedAnswer']>;
  /**
   * A number that changes whenever the user's history does, where the marks are kept in memory:
   * what was worked out from their history can be kept under it.
   */
  stamp?(userId: string): Promise<number>;
}

export function marksFromDatabase(db: Database): MarksSource {
  return {
    openedExams: (userId, examIds) => examsInHistory(db, userId, examIds),
    async responses(userId, questionIds) {
      const found = await responsesOf(db, userId, questionIds);
      return (questionId) => found.get(questionId) ?? null;
    },
    async answer(userId, questionId) {
      const answer = await findAnswer(db, userId, questionId);
      return answer?.response && answer.chosenLetter && answer.answeredAt
        ? {
            letter: answer.chosenLetter,
            response: answer.response,
            answeredAt: answer.answeredAt.toISOString(),
          }
        : null;
    },
  };
}

export function marksFromMemory(of: (userId: string) => Promise<UserMarks>): MarksSource {
  // Each read of a user's marks is a new object (study-marks.ts), so each gets its own number.
  const stamps = new WeakMap<UserMarks, number>();
  let lastStamp = 0;
  return {
    async stamp(userId) {
      const marks = await of(userId);
      let stamp = stamps.get(marks);
      if (stamp === undefined) {
        stamp = ++lastStamp;
        stamps.set(marks, stamp);
      }
      return stamp;
    },
    openedExams: async (userId) => (await of(userId)).openedExams,
    async responses(userId) {
      const { answers } = await of(userId);
      return (questionId) => answers.get(questionId)?.response ?? null;
    },
    async answer(userId, questionId) {
      const answer = (await of(userId)).answers.get(questionId);
      return answer
        ? {
            letter: answer.letter,
            response: answer.response,
            answeredAt: answer.answeredAt.toISOString(),
          }
        : null;
    },
  };
}
