import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, type QuestionDetail } from '@gabarita/shared';
import { examDetail, questionCard, questionDetail } from '@/test/catalog-fixtures';
import { noContentResponse, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

/**
 * A retired question (docs/product-rules.md, "Retired questions"), opened from where a student's
 * history keeps it: its exam no longer lists it, so the viewer shows it in its place, with the
 * notice; it is checked again only by whoever answered it.
 */
const EXAM_ID = 'cmvv_2017_matematica_prova';
const qid = (number: number) => `${EXAM_ID}_${number}`;

function stubRetired(detail: Partial<QuestionDetail> = {}) {
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    // The exam lists 1 and 3: question 2 was retired.
    [`GET /exams/${EXAM_ID}`]: examDetail([questionCard(1), questionCard(3)]),
    [`GET /questions/${qid(1)}`]: questionDetail(1),
    [`GET /questions/${qid(2)}`]: questionDetail(2, { retired: true, ...detail }),
    [`GET /questions/${qid(3)}`]: questionDetail(3),
    [`POST /questions/${qid(2)}/open`]: () => noContentResponse(),
    [`POST /questions/${qid(2)}/check`]: { correct: true, gabarito: 'C' },
  });
}

async function renderRetired() {
  // The link a finished simulado's result gives.
  const app = renderApp(`/questoes?prova=${EXAM_ID}&q=${qid(2)}`);
  await screen.findByRole('radiogroup', { name: 'Alternativas' });
  return app;
}

describe('a retired question in the viewer', () => {
  it('shows it in its place in the exam, with the notice, and no first answer', async () => {
    stubRetired();
    await renderRetired();
    expect(screen.getByRole('heading', { level: 1, name: 'Questão 2' })).toBeVisible();
    const statement = screen.getByRole('region', { name: 'Enunciado' });
    const notice = within(statement).getByRole('status');
    expect(notice).toHaveTextContent(CATALOG_MESSAGES.retiredTitle);
    expect(notice).toHaveTextContent(CATALOG_MESSAGES.retiredText);
    // Between the exam's questions 1 and 3.
    const navigation = screen.getByRole('navigation', { name: 'Navegação entre questões' });
    expect(navigation).toHaveTextContent('2 / 3');
    expect(within(navigation).getByRole('button', { name: /Anterior/ })).toBeEnabled();
    expect(within(navigation).getByRole('button', { name: /Próxima/ })).toBeEnabled();
    // Never answered: it cannot be answered now.
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByRole('button', { name: CATALOG_MESSAGES.checkAnswer })).toBeNull();
    expect(screen.getByText(CATALOG_MESSAGES.questionRetired)).toBeVisible();
  });

  it('lets whoever answered it check it again', async () => {
    const api = stubRetired({
      recordedAnswer: { letter: 'A', response: 'e', answeredAt: '2026-03-02T15:00:00.000Z' },
    });
    const { user } = await renderRetired();
    expect(
      within(screen.getByRole('region', { name: 'Enunciado' })).getByRole('status'),
    ).toHaveTextContent(CATALOG_MESSAGES.retiredTitle);
    await user.click(screen.getByRole('radio', { name: /^C\)/ }));
    await user.click(screen.getByRole('button', { name: CATALOG_MESSAGES.checkAnswer }));
    expect(await screen.findByText(CATALOG_MESSAGES.correct)).toBeVisible();
    expect(api.calls(`POST /questions/${qid(2)}/check`)).toHaveLength(1);
  });

  it('is not shown for a question of the exam that is not retired', async () => {
    stubRetired();
    renderApp(`/questoes?prova=${EXAM_ID}&q=${qid(1)}`);
    await screen.findByRole('radiogroup', { name: 'Alternativas' });
    expect(screen.queryByText(CATALOG_MESSAGES.retiredTitle)).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Navegação entre questões' })).toHaveTextContent(
      '1 / 2',
    );
  });
});
