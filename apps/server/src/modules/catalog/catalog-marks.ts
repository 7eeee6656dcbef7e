// Where the catalogue's answers to a user take that user's marks from (catalog.service.ts).
import { type QuestionDetail } from '@gabarita/shared';
import { type Database } from '@/db/client';
import { examsInHistory, findAnswer, responsesOf } from './catalog.repo';

/** Where a user's marks come from: memory (study/catalog-marks.ts) or, without it, the database. */
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
