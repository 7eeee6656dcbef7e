import { describe, expect, it } from 'vitest';
import type { ChatTurn } from '@gabarita/shared';
import { withoutStaleTurns } from './basis-changes';

const turn = (role: ChatTurn['role'], text: string): ChatTurn => ({ role, text });

describe('withoutStaleTurns', () => {
  it('drops everything up to the last reply kept before the change, and keeps what came after', () => {
    const history = [
      turn('user', 'Qual é a resposta?'),
      turn('model', 'É a A.'),
      turn('user', 'Por quê?'),
      turn('model', 'Porque a A diz isso.'),
      // Said after the change, in the same open page.
      turn('user', 'Qual é a resposta?'),
      turn('model', 'Agora é a B.'),
    ];
    expect(withoutStaleTurns(history, ['Porque a A diz isso.', 'É a A.'])).toEqual([
      turn('user', 'Qual é a resposta?'),
      turn('model', 'Agora é a B.'),
    ]);
  });

  it('leaves a conversation alone when nothing was kept before the change', () => {
    const history = [turn('user', 'Oi'), turn('model', 'Olá.')];
    expect(withoutStaleTurns(history, [])).toBe(history);
    expect(withoutStaleTurns(history, ['Outra resposta.'])).toEqual(history);
  });
});
