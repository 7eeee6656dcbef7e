// The catalogue's marks (its MarksSource) read from the marks kept in memory (study-marks.ts).
import type { MarksSource } from '@/modules/catalog';
import { type UserMarks } from './study-marks';

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
