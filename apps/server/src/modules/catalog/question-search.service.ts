import {
  SEARCH_COUNT_LIMIT,
  SEARCH_PAGE_SIZE,
  type QuestionSearchFilters,
  type QuestionSearchResponse,
} from '@gabarita/shared';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { toQuestionResultCard } from './question-result-card';
import {
  findTextMatches,
  hasPhrase,
  matchPhrasesThroughIndex,
  searchQuestionPage,
  type SearchPosition,
  type TextMatch,
} from './question-search.repo';
import { canonicalSearchText } from './search-text';
import { requestErrors, authErrors } from '@/lib/app-errors';

const positionSchema = z.tuple(
  [z.string().max(10), z.string().max(200), z.number().int()],
  z.string().max(200),
);

/** Cursors are opaque to clients; inside, the position of the last card sent. */
export function encodeSearchCursor({ ano, examId, number, id }: SearchPosition): string {
  return Buffer.from(JSON.stringify([ano, examId, number, id])).toString('base64url');
}

export function decodeSearchCursor(cursor: string | undefined): SearchPosition | null {
  if (!cursor) return null;
  try {
    const [ano, examId, number, id] = positionSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString()),
    );
    return { ano, examId, number, id: id ?? null };
  } catch {
    throw requestErrors.invalidCursor();
  }
}

/** The filters as searched: trimmed, empty ones dropped, the text in its canonical form. */
export function cleanSearchFilters(filters: QuestionSearchFilters): QuestionSearchFilters {
  const trimmed = Object.fromEntries(
    Object.entries(filters).map(([key, value]) => [key, value?.trim() || undefined]),
  ) as QuestionSearchFilters;
  return { ...trimmed, q: trimmed.q ? canonicalSearchText(trimmed.q) || undefined : undefined };
}

/**
 * Up to this many matches of the text, the page is taken from them; above, by walking the list in
 * its order, which meets a page of matches within about 21 × catalogue ÷ matches questions.
 */
export const FEW_TEXT_MATCHES = 2_000;

/**
 * A word the planner's statistics expect in at least this many questions is common: it is walked
 * at once, without counting its matches first (an estimate that words absent from the statistics
 * could give does not count: `findTextMatches`).
 */
export const COMMON_TEXT_ESTIMATE = 5 * FEW_TEXT_MATCHES;

/**
 * Where a search's text matches come from. The catalogue service keeps them per catalogue version:
 * they depend on the text alone (not on the filters, the page or the user), and finding them is
 * most of what a text's first search costs (docs/performance.md, "A million questions").
 */
export type TextMatcher = (text: string) => Promise<TextMatch | null>;

export const textMatcher =
  (
    db: Database,
    fewMatches = FEW_TEXT_MATCHES,
    commonEstimate = COMMON_TEXT_ESTIMATE,
  ): TextMatcher =>
  (text) =>
    hasPhrase(text)
      ? inTransaction(db, async (tx) => {
          await matchPhrasesThroughIndex(tx);
          return findTextMatches(tx, text, fewMatches, commonEstimate);
        })
      : findTextMatches(db, text, fewMatches, commonEstimate);

const noMatches = (): QuestionSearchResponse => ({
  items: [],
  total: 0,
  totalCapped: false,
  nextCursor: null,
});

/**
 * Questions by text and filters (docs/product-rules.md, "Question search"). Filtering by the
 * user's own status needs a signed-in user.
 */
export async function searchQuestions(
  db: Database,
  rawFilters: QuestionSearchFilters,
  cursor: string | undefined,
  userId: string | null,
  matchText: TextMatcher = textMatcher(db),
): Promise<QuestionSearchResponse> {
  const filters = cleanSearchFilters(rawFilters);
  if (filters.status && !userId) {
    throw authErrors.statusNeedsSignIn();
  }
  const after = decodeSearchCursor(cursor);
  const match = filters.q ? await matchText(filters.q) : ({ kind: 'none' } as const);
  if (!match) return noMatches();
  const { items, total } = await searchQuestionPage(
    db,
    filters,
    match,
    userId,
    after,
    SEARCH_PAGE_SIZE + 1,
    SEARCH_COUNT_LIMIT,
  );
  const page = items.slice(0, SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toQuestionResultCard),
    total: Math.min(total, SEARCH_COUNT_LIMIT),
    totalCapped: total > SEARCH_COUNT_LIMIT,
    nextCursor:
      items.length > SEARCH_PAGE_SIZE && last
        ? encodeSearchCursor({
            ano: last.ano,
            examId: last.exam_id,
            number: last.number,
            id: last.id,
          })
        : null,
  };
}
