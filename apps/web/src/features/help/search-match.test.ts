import { describe, expect, it } from 'vitest';
import { foldTerm, matchesAny, splitMatches } from './search-match';

describe('help search matching', () => {
  it('ignores accents and case in both directions', () => {
    expect(matchesAny(['Não há renovação automática'], foldTerm('RENOVACAO'))).toBe(true);
    expect(matchesAny(['Gerar Novo PIX'], foldTerm('píx'))).toBe(true);
    expect(matchesAny(['Gerar Novo PIX'], foldTerm('boleto'))).toBe(false);
  });

  it('marks the original characters, accents included', () => {
    expect(splitMatches('Educação e educacao', foldTerm('EDUCACAO'))).toEqual([
      { text: 'Educação', match: true },
      { text: ' e ', match: false },
      { text: 'educacao', match: true },
    ]);
  });

  it('leaves the text whole without a term', () => {
    expect(splitMatches('Planos', '')).toEqual([{ text: 'Planos', match: false }]);
  });
});
