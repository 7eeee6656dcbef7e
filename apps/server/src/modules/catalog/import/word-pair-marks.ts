import { hash } from 'node:crypto';

/**
 * A search vector's text (PostgreSQL's tsvector output) with the marks of its pairs of adjacent
 * words added, as `public.word_pairs` of migration 0032 adds them: for every word at a position
 * and every word at the next, a space and the first three hex digits of the MD5 of the two words
 * joined by a space. Here they cost about a third of what they cost in SQL, and an import of
 * 100,000 questions took a fifth less time (docs/performance.md, "A million questions");
 * content-import.test.ts compares what an import stores with the SQL expression.
 */
export function withWordPairMarks(vector: string): string {
  const wordsAt = new Map<number, string[]>();
  for (const [, quoted, positions] of vector.matchAll(LEXEME)) {
    if (positions === undefined) continue;
    const word = quoted!.replace(ESCAPED, (escaped) => escaped[0]!);
    for (const position of positions.split(',')) {
      const at = Number.parseInt(position, 10);
      const words = wordsAt.get(at);
      if (words) words.push(word);
      else wordsAt.set(at, [word]);
    }
  }
  const marks = new Set<string>();
  for (const [at, firsts] of wordsAt) {
    const seconds = wordsAt.get(at + 1);
    if (!seconds) continue;
    for (const first of firsts) {
      for (const second of seconds) marks.add(hash('md5', `${first} ${second}`).slice(0, 3));
    }
  }
  let text = vector;
  for (const mark of marks) text += ` ' ${mark}'`;
  return text;
}

/** One lexeme of a tsvector's text: quoted, quotes and backslashes doubled, then its positions. */
const LEXEME = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;
const ESCAPED = /''|\\\\/g;
