import { describe, expect, it } from 'vitest';
import { matchesAll, searchTerm, splitMatches } from './search-match';

const term = (query: string, texts: readonly string[] = []) => searchTerm(query, texts);

describe('help search matching', () => {
  it('ignores accents and case in both directions', () => {
    const texts = ['Não há renovação automática', 'Gerar Novo PIX'];
    expect(matchesAll([texts[0]!], term('RENOVACAO', texts))).toBe(true);
    expect(matchesAll([texts[1]!], term('píx', texts))).toBe(true);
    expect(matchesAll([texts[1]!], term('boleto', texts))).toBe(false);
  });

  it('finds the other forms of a word through its stem', () => {
    const texts = [
      'O plano é renovado automaticamente? Como faço o cancelamento?',
      'Os planos estão em "Planos de Assinatura".',
      'Quais são as assinaturas disponíveis?',
      'Como funciona o pagamento por PIX?',
    ];
    const found = (query: string) => texts.filter((text) => matchesAll([text], term(query, texts)));
    expect(found('cancelar')).toEqual([texts[0]]);
    expect(found('cancelada')).toEqual([texts[0]]);
    expect(found('planos')).toEqual([texts[0], texts[1]]);
    expect(found('assinatura')).toEqual([texts[1], texts[2]]);
    expect(found('pagar')).toEqual([texts[3]]);
  });

  it('needs every word typed, in the question or in its answer', () => {
    const entry = ['Como faço o cancelamento?', 'Não há renovação automática.'];
    const texts = [...entry, 'Pague com PIX.'];
    expect(matchesAll(entry, term('cancelar renovação', texts))).toBe(true);
    expect(matchesAll(entry, term('cancelar pix', texts))).toBe(false);
    expect(matchesAll(entry, term('cancelar boleto', texts))).toBe(false);
  });

  it('ignores words too common to mean anything', () => {
    const texts = ['Posso zerar meu histórico de respostas?'];
    const zerar = term('como zerar o histórico', texts);
    expect(zerar.words.map((word) => word.folded)).toEqual(['zerar', 'historico']);
    expect(matchesAll(texts, zerar)).toBe(true);
    // Only stop words: nothing to look for, everything is listed, nothing is marked.
    const common = term('de o', texts);
    expect(common.words).toEqual([]);
    expect(matchesAll(texts, common)).toBe(true);
    expect(splitMatches(texts[0]!, common)).toEqual([{ text: texts[0], match: false }]);
  });

  it('matches whole words: pix finds PIX and not pixels', () => {
    const texts = ['Pague com PIX.', 'no máximo 256 × 256 pixels'];
    const pix = term('pix', texts);
    expect(pix.words).toEqual([{ folded: 'pix', stem: 'pix', byStem: true }]);
    expect(matchesAll([texts[0]!], pix)).toBe(true);
    expect(matchesAll([texts[1]!], pix)).toBe(false);
    expect(splitMatches(texts[1]!, pix)).toEqual([{ text: texts[1], match: false }]);
  });

  it('falls back to word beginnings when no text has the stem of a word typed halfway', () => {
    const texts = ['Cancelamento do plano', 'Reembolso'];
    const cancel = term('cancelame', texts);
    expect(cancel.words[0]?.byStem).toBe(false);
    expect(matchesAll([texts[0]!], cancel)).toBe(true);
    // Never inside a word.
    expect(matchesAll(['descancelamento'], cancel)).toBe(false);
    expect(splitMatches(texts[0]!, cancel)).toEqual([
      { text: 'Cancelamento', match: true },
      { text: ' do plano', match: false },
    ]);
  });

  it('marks the words whose stems matched, with their original characters', () => {
    const texts = ['Educação e educacao', 'O cancelamento foi cancelado; cancele-o.'];
    expect(splitMatches(texts[0]!, term('EDUCACAO', texts))).toEqual([
      { text: 'Educação', match: true },
      { text: ' e ', match: false },
      { text: 'educacao', match: true },
    ]);
    expect(splitMatches(texts[1]!, term('cancelar', texts))).toEqual([
      { text: 'O ', match: false },
      { text: 'cancelamento', match: true },
      { text: ' foi ', match: false },
      { text: 'cancelado', match: true },
      { text: '; ', match: false },
      { text: 'cancele', match: true },
      { text: '-o.', match: false },
    ]);
  });

  it('leaves the text whole without a term', () => {
    expect(splitMatches('Planos', term(''))).toEqual([{ text: 'Planos', match: false }]);
    expect(matchesAll(['Planos'], term('  '))).toBe(true);
  });
});
