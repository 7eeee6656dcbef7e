import type { ExamOption } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { catalogErrors } from '@/lib/app-errors';
import type { ResolvedSession } from '@/modules/auth';
import { findExamOptions, findOptionChoice, saveOptionChoice } from './exam-option.repo';

/**
 * The option block a user takes in an exam that has them (docs/product-rules.md, "Exam kinds and
 * option blocks"): chosen once, changeable at any time; answers given in another block stay in the
 * history.
 */
export function createExamOptionService(db: Database) {
  return {
    async choose(session: ResolvedSession, examId: string, optionKey: string) {
      const options = await findExamOptions(db, examId);
      if (!options) throw catalogErrors.examNotFound();
      if (options.length === 0) throw catalogErrors.examWithoutOptions();
      const key = optionKey.trim();
      if (!options.some((option) => option.key === key)) {
        throw catalogErrors.unknownExamOption(
          key,
          options.map((option) => option.name),
        );
      }
      await saveOptionChoice(db, session.user.id, examId, key);
      return { chosenOption: key };
    },
  };
}

export type ExamOptionService = ReturnType<typeof createExamOptionService>;

/**
 * The user's block in this exam, when it is still one of the exam's (a re-import may have removed
 * it): null before a choice, for visitors and for exams without blocks.
 */
export async function chosenOptionOf(
  db: Database,
  userId: string | null,
  examId: string,
  options: readonly ExamOption[],
): Promise<string | null> {
  if (!userId || options.length === 0) return null;
  const chosen = await findOptionChoice(db, userId, examId);
  return options.some((option) => option.key === chosen) ? chosen : null;
}
