import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchableSelect, type SelectOption } from './searchable-select';

const OPTIONS: SelectOption[] = [
  { value: 'educacao_fisica', label: 'Educação Física', count: 12 },
  { value: 'matematica', label: 'Matemática', count: 30 },
  { value: 'portugues', label: 'Língua Portuguesa', count: 25 },
];

function renderSelect(initial = '') {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <SearchableSelect
        label="Disciplina"
        options={OPTIONS}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  const combobox = screen.getByRole('combobox', { name: 'Disciplina' });
  return { user: userEvent.setup(), combobox, onChange };
}

const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.getAttribute('aria-label') ?? option.textContent);

describe('SearchableSelect', () => {
  it('shows the placeholder and opens with the all option first and the counts', async () => {
    const { user, combobox } = renderSelect();
    expect(combobox).toHaveAttribute('placeholder', 'Selecione...');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');

    await user.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Disciplina' });
    expect(combobox).toHaveAttribute('aria-controls', listbox.id);
    expect(optionNames()).toEqual([
      'Todas as opções',
      'Educação Física (12)',
      'Matemática (30)',
      'Língua Portuguesa (25)',
    ]);
  });

  it('filters ignoring accents and case', async () => {
    const { user, combobox } = renderSelect();
    await user.type(combobox, 'EDUCACAO');
    expect(optionNames()).toEqual(['Educação Física (12)']);

    await user.clear(combobox);
    await user.type(combobox, 'lingua port');
    expect(optionNames()).toEqual(['Língua Portuguesa (25)']);
  });

  it("says 'Nenhuma opção encontrada' when nothing matches", async () => {
    const { user, combobox } = renderSelect();
    await user.type(combobox, 'química');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('Nenhuma opção encontrada')).toBeVisible();
  });

  it('moves with the arrows, follows aria-activedescendant and chooses with Enter', async () => {
    const { user, combobox, onChange } = renderSelect();
    await user.click(combobox);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '');
    expect(active).toHaveTextContent('Matemática');
    await user.keyboard('{ArrowUp}');
    expect(
      document.getElementById(combobox.getAttribute('aria-activedescendant') ?? ''),
    ).toHaveTextContent('Educação Física');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onChange).toHaveBeenLastCalledWith('matematica');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveValue('Matemática');
  });

  it('Enter takes the first match of what was typed; Escape closes without choosing', async () => {
    const { user, combobox, onChange } = renderSelect();
    await user.type(combobox, 'port');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(onChange).not.toHaveBeenCalled();

    await user.type(combobox, 'port{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('portugues');
  });

  it("'Todas as opções' clears the choice", async () => {
    const { user, combobox, onChange } = renderSelect('matematica');
    expect(combobox).toHaveValue('Matemática');
    await user.click(combobox);
    expect(screen.getByRole('option', { name: /Matemática/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'Todas as opções' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(combobox).toHaveValue('');
    expect(combobox).toHaveAttribute('placeholder', 'Selecione...');
  });

  it('is chosen with the pointer too', async () => {
    const { user, combobox, onChange } = renderSelect();
    await user.click(screen.getByRole('button', { name: 'Mostrar opções de Disciplina' }));
    await user.click(screen.getByRole('option', { name: /Língua Portuguesa/ }));
    expect(onChange).toHaveBeenLastCalledWith('portugues');
    expect(combobox).toHaveFocus();
  });
});
