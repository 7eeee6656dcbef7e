import { describe, expect, it } from 'vitest';
import { canonicalSearchText } from './search-text';

describe('canonical search text', () => {
  it('keeps words, phrases, one negation and hyphenated words as they mean', () => {
    expect(canonicalSearchText('  crase   "regência verbal"  -pronome bem-estar or ')).toBe(
      'crase "regência verbal" -pronome bem-estar or',
    );
    expect(canonicalSearchText('-"voz passiva"')).toBe('-"voz passiva"');
  });

  it('collapses stacked negations to one and drops dashes and quotes with nothing after them', () => {
    const dashes = '-'.repeat(40);
    expect(canonicalSearchText(`a ${dashes}`)).toBe('a');
    expect(canonicalSearchText(`${dashes}casa`)).toBe('-casa');
    // As in web search engines, a dash negates only the term it touches.
    expect(canonicalSearchText(`${'- '.repeat(40)}casa`)).toBe('casa');
    expect(canonicalSearchText(`""${dashes}casa`)).toBe('-casa');
    expect(canonicalSearchText(`casa${dashes}x`)).toBe(`casa${dashes}x`);
    expect(canonicalSearchText('"sem fim')).toBe('"sem fim"');
    expect(canonicalSearchText('- "" -')).toBe('');
    expect(canonicalSearchText(`${'-!! '.repeat(30)}crase`)).toBe('crase');
    expect(canonicalSearchText(`!!!!${dashes}!!!!)))!!${dashes}crase`)).toBe('-crase');
  });
});
