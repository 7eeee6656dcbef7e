import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionHeader } from './question-header';

const item = {
  id: 'exemplo_enem_2023_prova_7',
  number: 7,
  examLabel: 'ENEM 2023 · INEP',
  disciplinaNome: 'Ciências Humanas',
  assunto: 'Urbanização',
  status: 'regular' as const,
};

describe('QuestionHeader', () => {
  it('shows the discipline and the subject', () => {
    render(<QuestionHeader item={item} position="7 / 11" optionName={null} />);
    expect(screen.getByText('Ciências Humanas')).toBeVisible();
    expect(screen.getByText('Urbanização')).toBeVisible();
  });

  it('shows the area once when the source gave it as the subject too', () => {
    const { container } = render(
      <QuestionHeader
        item={{ ...item, assunto: 'Ciências Humanas e suas Tecnologias' }}
        position="7 / 11"
        optionName={null}
      />,
    );
    expect(container.textContent?.match(/Ciências Humanas/g)).toHaveLength(1);
  });
});
