import { describe, expect, it } from 'vitest';
import { matchesAny, searchTerm, splitMatches } from './search-match';

const term = (query: string, texts: readonly string[] = []) => searchTerm(query, texts);

describe('help search matching', () => {
  it('ignores accents and case in both directions', () => {
    const texts = ['Não há renovação automática', 'Gerar Novo PIX'];
    expect(matchesAny([texts[0]!], term('RENOVACAO', texts))).toBe(true);
    expect(matchesAny([texts[1]!], term('píx', texts))).toBe(true);
    expect(matchesAny([texts[1]!], term('boleto', texts))).toBe(false);
  });

  it('matches whole words: pix finds PIX and not pixels', () => {
    const texts = ['Pague com PIX.', 'no máximo 256 × 256 pixels'];
    const pix = term('pix', texts);
    expect(pix.wholeWords).toBe(true);
    expect(matchesAny([texts[0]!], pix)).toBe(true);
    expect(matchesAny([texts[1]!], pix)).toBe(false);
    expect(splitMatches(texts[1]!, pix)).toEqual([{ text: texts[1], match: false }]);
  });

  it('falls back to word beginnings when no text has the whole word', () => {
    const texts = ['Cancelamento do plano', 'Reembolso'];
    const cancel = term('cancel', texts);
    expect(cancel.wholeWords).toBe(false);
    expect(matchesAny([texts[0]!], cancel)).toBe(true);
    // Never inside a word.
    expect(matchesAny(['descancelar'], cancel)).toBe(false);
  });

  it('marks the original characters, accents included', () => {
    const texts = ['Educação e educacao'];
    expect(splitMatches(texts[0]!, term('EDUCACAO', texts))).toEqual([
      { text: 'Educação', match: true },
      { text: ' e ', match: false },
      { text: 'educacao', match: true },
    ]);
  });

  it('leaves the text whole without a term', () => {
    expect(splitMatches('Planos', term(''))).toEqual([{ text: 'Planos', match: false }]);
  });
});
