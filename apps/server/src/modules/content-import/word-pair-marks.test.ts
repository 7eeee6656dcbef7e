import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withWordPairMarks } from './word-pair-marks';

const mark = (first: string, second: string) =>
  ` ${createHash('md5').update(`${first} ${second}`, 'utf8').digest('hex').slice(0, 3)}`;

/** The lexemes of a tsvector's text this test writes (no quote inside, no positions). */
const marksOf = (text: string) =>
  [...text.matchAll(/' ([0-9a-f]{3})'/g)].map((found) => ` ${found[1]}`).sort();

describe('withWordPairMarks', () => {
  it('adds a mark for each two words one position apart, after the vector as it was', () => {
    const vector = "'hidric':2 'recurs':1 'agu':4";
    const text = withWordPairMarks(vector);
    expect(text.startsWith(vector)).toBe(true);
    // 'recurs' (1) then 'hidric' (2); 'agu' (4) follows a stop word, so it pairs with nothing.
    expect(marksOf(text)).toEqual([mark('recurs', 'hidric')]);
  });

  it('pairs every occurrence of a word and gives a repeated pair one mark', () => {
    const text = withWordPairMarks("'a':1,3,5 'b':2,4,7");
    expect(marksOf(text)).toEqual([mark('a', 'b'), mark('b', 'a')].sort());
  });

  it('reads quotes and backslashes as PostgreSQL writes them, and weights after positions', () => {
    const text = withWordPairMarks("'d''agu':1A 'c:\\\\x':2 'fim':3B");
    expect(marksOf(text)).toEqual([mark("d'agu", 'c:\\x'), mark('c:\\x', 'fim')].sort());
    // A word ending in a quote, weights on several positions, the last lexeme at the very end.
    expect(marksOf(withWordPairMarks("'b':2B,4 'ol''':1A,3C"))).toEqual(
      [mark("ol'", 'b'), mark('b', "ol'")].sort(),
    );
  });

  it('leaves words without positions (the unaccented stems) out of the pairs', () => {
    expect(withWordPairMarks("'acao' 'ação':1 'public':2")).toBe(
      `'acao' 'ação':1 'public':2 '${mark('ação', 'public')}'`,
    );
    expect(withWordPairMarks('')).toBe('');
    expect(withWordPairMarks("'a':1 'b")).toBe("'a':1 'b");
  });
});
