import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistorySummaryResponse, ProgressResponse } from '@gabarita/shared';
import { CHART_TEXT, chartColor } from '@/lib/chart-palette';
import { renderApp, SIGNED_IN_USER, stubApi, type StubbedRequest } from '@/test/render-app';

const SUMMARY: HistorySummaryResponse = {
  totals: { answered: 3, correct: 2, wrong: 1, successRate: 66.7 },
  disciplines: [
    {
      code: 'MAT',
      name: 'Matemática',
      answered: 3,
      correct: 2,
      wrong: 1,
      successRate: 66.7,
      subjects: [{ name: 'Frações', answered: 3, correct: 2, wrong: 1, successRate: 66.7 }],
    },
  ],
};

function progress(by: 'disciplina' | 'banca'): ProgressResponse {
  const group =
    by === 'banca'
      ? { key: 'Banca X', name: 'Banca X', answered: 3 }
      : { key: 'MAT', name: 'Matemática', answered: 3 };
  const empty = { answered: 0, correct: 0, successRate: null };
  return {
    by,
    days: [
      { day: '2026-11-22', ...empty },
      { day: '2026-11-23', answered: 3, correct: 2, successRate: 66.7 },
    ],
    groups: [group],
    weeks: [
      { weekStart: '2026-11-16', ...empty, groups: [{ key: group.key, ...empty }] },
      {
        weekStart: '2026-11-23',
        answered: 3,
        correct: 2,
        successRate: 66.7,
        groups: [{ key: group.key, answered: 3, correct: 2, successRate: 66.7 }],
      },
    ],
  };
}

/** How the DOM reports a '#rrggbb' inline colour. */
const hexToRgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

describe('progress over time on /meu-desempenho', () => {
  it('shows answers per day and the weekly rate as charts and tables, by discipline or by board', async () => {
    const api = stubApi({
      'GET /auth/session': { user: { ...SIGNED_IN_USER, accountType: 'premium' } },
      'GET /me/history/summary': SUMMARY,
      'GET /simulados': { items: [] },
      'GET /me/history/progress': (request: StubbedRequest) =>
        Response.json(progress(request.search.includes('banca') ? 'banca' : 'disciplina')),
    });
    const { user } = renderApp('/meu-desempenho');
    const section = await screen.findByRole('region', { name: 'Evolução' });
    expect(
      await within(section).findByRole('img', { name: /3 respostas nos últimos 2 dias/ }),
    ).toBeVisible();

    const days = within(section).getByRole('table', { name: 'Respostas por dia' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DiaRespostasAcertosTaxa de acerto', '23/11' + '3' + '2' + '66,7%']);
    const weeks = within(section).getByRole('table', { name: 'Taxa de acerto por semana' });
    expect(within(weeks).getByRole('columnheader', { name: 'Matemática' })).toBeInTheDocument();
    const oldest = within(weeks).getAllByRole('row')[2]!;
    expect(within(oldest).getByRole('rowheader')).toHaveTextContent('Semana de 16/11');
    expect(
      within(oldest)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '—', '—']);

    await user.click(within(section).getByRole('button', { name: 'Por banca' }));
    expect(await within(weeks).findByRole('columnheader', { name: 'Banca X' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Por banca' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      api.requests
        .filter((request) => request.path === '/me/history/progress')
        .map((request) => request.search),
    ).toEqual(['?by=disciplina', '?by=banca']);
  });

  it('names every series of both charts in a text legend, in the ink colour of the theme', async () => {
    stubApi({
      'GET /auth/session': { user: { ...SIGNED_IN_USER, accountType: 'premium' } },
      'GET /me/history/summary': SUMMARY,
      'GET /simulados': { items: [] },
      'GET /me/history/progress': progress('disciplina'),
    });
    renderApp('/meu-desempenho');
    const section = await screen.findByRole('region', { name: 'Evolução' });

    const days = await within(section).findByRole('list', { name: 'Legenda: respostas por dia' });
    const weeks = within(section).getByRole('list', { name: 'Legenda: taxa de acerto por semana' });
    const names = (legend: HTMLElement) =>
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(names(days)).toEqual(['Acertos', 'Erros']);
    expect(names(weeks)).toEqual(['Total', 'Matemática']);

    // The series colour is on the swatch only; the name is in the ink (4.5:1 in both themes, see
    // chart-palette.test.ts), never in a series colour.
    const swatches = (legend: HTMLElement) =>
      within(legend)
        .getAllByRole('listitem')
        .map(
          (item) => item.querySelector<HTMLElement>('[aria-hidden="true"]')?.style.backgroundColor,
        );
    expect(swatches(days)).toEqual(['var(--gb-chart-correct)', 'var(--gb-chart-wrong)']);
    expect(swatches(weeks)).toEqual(['var(--gb-ink)', hexToRgb(chartColor(0))]);
    for (const item of within(section).getAllByRole('listitem')) {
      expect(getComputedStyle(within(item).getByText(item.textContent!)).color).toBe(
        CHART_TEXT.legend,
      );
    }
  });
});
