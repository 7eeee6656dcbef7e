import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DisciplinePerformance } from '@gabarita/shared';
import { PerformanceCharts } from './performance-charts';

const discipline = (
  code: string,
  name: string,
  correct: number,
  wrong: number,
): DisciplinePerformance => {
  const answered = correct + wrong;
  const successRate = Math.round((correct / answered) * 1000) / 10;
  return { code, name, answered, correct, wrong, successRate, subjects: [] };
};

describe('bars by discipline', () => {
  it('never drops a name or a rate, even when a bar has no right or no wrong answers', () => {
    render(
      <PerformanceCharts
        disciplines={[
          discipline('LOG', 'Lógica proposicional', 4, 0),
          discipline('PORT', 'Língua Portuguesa', 3, 3),
          discipline('FIS', 'Física', 0, 2),
        ]}
      />,
    );
    const bars = screen.getByRole('img', { name: /acertos e erros por disciplina/ });
    const rows = within(bars).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Lógica proposicional100%',
      'Língua Portuguesa50%',
      'Física0%',
    ]);
  });
});
