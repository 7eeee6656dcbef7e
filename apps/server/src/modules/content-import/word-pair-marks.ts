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
  const marks = new Set<string>();
  const wordsAt = wordsByPosition(vector);
  for (let position = 1; position < wordsAt.length - 1; position += 1) {
    const firsts = wordsAt[position];
    const seconds = wordsAt[position + 1];
    if (!firsts || !seconds) continue;
    for (const first of firsts) {
      for (const second of seconds) marks.add(hash('md5', `${first} ${second}`).slice(0, 3));
    }
  }
  let text = vector;
  for (const mark of marks) text += ` ' ${mark}'`;
  return text;
}

const QUOTE = 0x27;
const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = 0x20;
const ZERO = 0x30;
const NINE = 0x39;
/** Quotes and backslashes as a tsvector's text doubles them. */
const ESCAPED = /''|\\\\/g;

/**
 * The words of a tsvector's text at each of their positions, read in one pass: `'word':1,5A`, the
 * quotes and backslashes in a word doubled, a weight letter after a position, and words without
 * positions (the unaccented stems) left out. A regular expression over the lexemes took twice as
 * long, and this runs for every question an import writes.
 */
function wordsByPosition(vector: string): (string[] | undefined)[] {
  const wordsAt: (string[] | undefined)[] = [];
  let at = vector.indexOf("'");
  while (at >= 0) {
    let close = vector.indexOf("'", at + 1);
    let escaped = false;
    while (close >= 0 && vector.charCodeAt(close + 1) === QUOTE) {
      escaped = true;
      close = vector.indexOf("'", close + 2);
    }
    // Not what PostgreSQL writes; the marks stop there rather than loop.
    if (close < 0) break;
    let next = close + 1;
    if (vector.charCodeAt(next) === COLON) {
      let word = vector.slice(at + 1, close);
      if (escaped || word.includes('\\')) word = word.replace(ESCAPED, (pair) => pair[0]!);
      let position = 0;
      for (next += 1; ; next += 1) {
        const code = next < vector.length ? vector.charCodeAt(next) : SPACE;
        if (code >= ZERO && code <= NINE) position = position * 10 + code - ZERO;
        else if (code === COMMA || code === SPACE) {
          const words = wordsAt[position];
          if (words) words.push(word);
          else wordsAt[position] = [word];
          position = 0;
          if (code === SPACE) break;
        }
      }
    }
    at = vector.indexOf("'", next);
  }
  return wordsAt;
}
