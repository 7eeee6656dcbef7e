import { describe, expect, it } from 'vitest';
import { nextLadderState } from './review-ladder';

describe('the review ladder', () => {
  const today = '2026-03-10';
  it('puts a wrong answer on the first rung, due the next day', () => {
    expect(nextLadderState(undefined, false, today)).toEqual({ step: 0, dueDay: '2026-03-11' });
    expect(nextLadderState({ step: 3, dueDay: '2026-03-01' }, false, today)).toEqual({
      step: 0,
      dueDay: '2026-03-11',
    });
  });
  it('changes nothing for a second mistake on the day of the first', () => {
    expect(nextLadderState({ step: 0, dueDay: '2026-03-11' }, false, today)).toBeNull();
    expect(nextLadderState({ step: 0, dueDay: '2026-03-10' }, false, today)).toEqual({
      step: 0,
      dueDay: '2026-03-11',
    });
  });
  it('moves a due question up after 1, 3, 7 and 21 days, then masters it', () => {
    const dues = [];
    let state = { step: 0, dueDay: today as string | null };
    for (let review = 0; review < 5; review++) {
      state = nextLadderState(state, true, state.dueDay ?? today)!;
      dues.push(state.dueDay);
    }
    expect(dues).toEqual(['2026-03-11', '2026-03-14', '2026-03-21', '2026-04-11', null]);
  });
  it('ignores right answers before the day, outside the notebook and once mastered', () => {
    expect(nextLadderState({ step: 1, dueDay: '2026-03-12' }, true, today)).toBeNull();
    expect(nextLadderState(undefined, true, today)).toBeNull();
    expect(nextLadderState({ step: 4, dueDay: null }, true, today)).toBeNull();
  });
});
