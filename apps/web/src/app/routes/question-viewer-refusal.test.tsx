import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CATALOG_MESSAGES } from '@gabarita/shared';
import { examDetail, questionCard, questionDetail } from '@/test/catalog-fixtures';
import { setReducedMotion } from '@/test/match-media';
import { apiError, noContentResponse, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

/**
 * A refused check (the free limit) opens under the button, often below the fold: the page brings
 * it into view once it is on screen, and at once for those who asked for less motion.
 */
const EXAM_ID = 'cmvv_2017_matematica_prova';
const QUESTION_ID = `${EXAM_ID}_1`;

async function checkPastTheLimit() {
  sessionStorage.clear();
  stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    [`GET /exams/${EXAM_ID}`]: examDetail([questionCard(1)]),
    [`GET /questions/${QUESTION_ID}`]: questionDetail(1),
    [`POST /questions/${QUESTION_ID}/open`]: () => noContentResponse(),
    [`POST /questions/${QUESTION_ID}/check`]: apiError(
      402,
      'limit/question',
      CATALOG_MESSAGES.questionLimit,
    ),
  });
  const { user } = renderApp(`/questoes?prova=${EXAM_ID}&q=${QUESTION_ID}`);
  await user.click(await screen.findByRole('radio', { name: /^B\)/ }));
  await user.click(screen.getByRole('button', { name: CATALOG_MESSAGES.checkAnswer }));
  const warning = await screen.findByRole('alert');
  await waitFor(() => expect(warning.parentElement).toHaveFocus());
  return warning;
}

/** How the area holding `element` was scrolled into view, with what it held at that moment. */
function scrollsOf(element: Element) {
  const scrollIntoView = vi.mocked(Element.prototype.scrollIntoView);
  return scrollIntoView.mock.contexts
    .map((context, index) => ({ context, options: scrollIntoView.mock.calls[index]?.[0] }))
    .filter(({ context }) => context === element);
}

describe('a refused check in the viewer', () => {
  it('is scrolled into view once on screen, smoothly', async () => {
    const held = new Map<Element, string[]>();
    vi.mocked(Element.prototype.scrollIntoView).mockImplementation(function (this: Element) {
      held.set(this, [...(held.get(this) ?? []), this.textContent]);
    });
    const warning = await checkPastTheLimit();
    expect(scrollsOf(warning.parentElement!).map(({ options }) => options)).toEqual([
      { block: 'nearest', behavior: 'smooth' },
    ]);
    // What was scrolled to already held the alert.
    expect(held.get(warning.parentElement!)).toEqual([
      expect.stringContaining(CATALOG_MESSAGES.questionLimit),
    ]);
  });

  it('is brought into view at once when the system asks for less motion', async () => {
    setReducedMotion(true);
    const warning = await checkPastTheLimit();
    expect(scrollsOf(warning.parentElement!).map(({ options }) => options)).toEqual([
      { block: 'nearest', behavior: 'auto' },
    ]);
  });
});
