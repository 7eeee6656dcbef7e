import type { Figure, QuestionDetail } from '@gabarita/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AlternativesGroup } from './alternatives-group';

const scan: Figure = {
  assetId: 'tabela_b',
  url: '/api/images/tabela_b?v=1',
  zoomUrl: null,
  width: 1014,
  height: 70,
  minWidth: 608,
};

const alternatives: QuestionDetail['alternatives'] = [
  { letter: 'A', text: 'Nenhuma das tabelas', html: null, figure: null },
  {
    letter: 'B',
    text: '[Figura: Tabela B]',
    html: null,
    figure: { assetId: 'tabela_b', description: 'Tabela B: notas de 5 a 9' },
  },
];

describe('AlternativesGroup', () => {
  it('draws an image alternative among text ones at its readable width, with its own zoom', async () => {
    const user = userEvent.setup();
    render(
      <AlternativesGroup
        name="q1"
        alternatives={alternatives}
        selected={null}
        onSelect={() => {}}
        onSubmit={() => {}}
        answer={null}
        figures={[scan]}
      />,
    );
    const image = screen.getByRole('img', { name: 'Tabela B: notas de 5 a 9' });
    expect(image.parentElement!.style.minWidth).toBe('608px');
    expect(screen.getByRole('radio', { name: /^B\)\s*Tabela B/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Ampliar a figura da alternativa B' }));
    const dialog = screen.getByRole('dialog', { name: 'Figura ampliada' });
    expect(dialog).toHaveAccessibleDescription('Alternativa B: Tabela B: notas de 5 a 9');
    expect(within(dialog).getByRole('toolbar', { name: 'Zoom' })).toBeVisible();
  });
});
