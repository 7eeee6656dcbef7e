import type { QuestionCommentaryResponse } from '@gabarita/shared';
import type { ResolvedSession } from '@/modules/auth';
import type { CatalogService } from '@/modules/catalog';
import { catalogErrors, studyErrors } from '@/lib/app-errors';
import type { StudyService } from './study.service';

interface CommentaryDeps {
  catalog: Pick<CatalogService, 'questionCommentary'>;
  study: Pick<StudyService, 'hasAnswered' | 'assertQuestionFree'>;
  /** Premium, or a token package: the tutor's access rule. */
  hasTutorAccess(session: ResolvedSession): Promise<boolean>;
}

/**
 * A question's authored comment after the user's check (docs/product-rules.md, "Authored
 * comments"): the summary for everyone who checked it, the reasons and the basis with the tutor's
 * access. Nothing before the check (the reasons give the key away), nor during a simulado holding
 * the question.
 */
export function createCommentaryService({ catalog, study, hasTutorAccess }: CommentaryDeps) {
  return {
    async commentaryFor(
      session: ResolvedSession,
      questionId: string,
    ): Promise<QuestionCommentaryResponse> {
      const userId = session.user.id;
      const [commentary, answered] = await Promise.all([
        catalog.questionCommentary(questionId),
        study.hasAnswered(userId, questionId),
      ]);
      if (commentary === undefined) throw catalogErrors.questionNotFound();
      if (!answered) throw studyErrors.commentaryCheckFirst();
      await study.assertQuestionFree(userId, questionId);
      if (!commentary) return { available: false };
      const unlocked = await hasTutorAccess(session);
      return {
        available: true,
        summaryHtml: commentary.summaryHtml,
        author: commentary.author,
        locked: !unlocked,
        reasons: unlocked ? commentary.reasons : [],
        sources: unlocked ? commentary.sources : [],
      };
    },
  };
}

export type CommentaryService = ReturnType<typeof createCommentaryService>;
