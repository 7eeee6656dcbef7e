import type { ReviewResponse } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { saoPauloDay } from '@/lib/clock';
import { toQuestionResultCard } from '@/modules/catalog';
import { countDueReviews, listReviewItems, reviewSubjects } from './review.repo';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** The mistakes notebook of one user (docs/product-rules.md, "Mistakes notebook"). */
export function createReviewService(db: Database) {
  return {
    async notebook(
      userId: string,
      filters: { disciplina?: string; assunto?: string },
    ): Promise<ReviewResponse> {
      const today = saoPauloDay();
      const cleaned = {
        disciplina: filters.disciplina?.trim() || undefined,
        assunto: filters.assunto?.trim() || undefined,
      };
      const [counts, rows, subjects] = await Promise.all([
        countDueReviews(db, userId, today),
        listReviewItems(db, userId, cleaned, today),
        reviewSubjects(db, userId),
      ]);
      const disciplines = new Map<string, { code: string; name: string; subjects: string[] }>();
      for (const row of subjects) {
        const entry = disciplines.get(row.code) ?? { code: row.code, name: row.name, subjects: [] };
        entry.subjects.push(row.subject);
        disciplines.set(row.code, entry);
      }
      return {
        dueToday: counts.due,
        total: counts.total,
        items: rows.map((row) => ({
          ...toQuestionResultCard(row),
          step: row.step,
          dueDay: row.due_day,
          due: row.due_day !== null && row.due_day <= today,
          lastWrongAt: new Date(row.last_wrong_at).toISOString(),
        })),
        disciplines: [...disciplines.values()]
          .map((entry) => ({ ...entry, subjects: entry.subjects.sort(collator.compare) }))
          .sort((a, b) => collator.compare(a.name, b.name)),
      };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
