import { stemWord } from './portuguese-stem';

/**
 * The help centre's search matches words as the server's question search does
 * (docs/product-rules.md, "Question search"): accents and capitals do not matter, word endings are
 * reduced to a stem ('cancelar' finds 'cancelamento'), every word typed must be found in the
 * question or its answer, and words too common to mean anything are ignored. It also says where the
 * matching words are in the original text, so they can be highlighted.
 */

const DIACRITICS = /\p{Diacritic}/gu;

/** Lower case without accents: 'Renovação' -> 'renovacao'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(DIACRITICS, '').toLocaleLowerCase('pt-BR');
}

/** Letters (with any combining accents) and digits; 'e-mail' is two words, as on the server. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Folded, like the query, so 'à' and 'é' are here as 'a' and 'e'. */
const STOP_WORDS = new Set([
  ...['a', 'o', 'as', 'os', 'um', 'uma', 'uns', 'umas'],
  ...['de', 'do', 'da', 'dos', 'das', 'em', 'no', 'na', 'nos', 'nas', 'num', 'numa'],
  ...['ao', 'aos', 'por', 'pelo', 'pela', 'pelos', 'pelas', 'para', 'pra', 'com', 'sem'],
  ...['e', 'ou', 'que', 'se', 'mas', 'nem', 'porque'],
  ...['como', 'qual', 'quais', 'quando', 'onde', 'quanto', 'quantos', 'quanta', 'quantas'],
  ...['eu', 'meu', 'minha', 'meus', 'minhas', 'voce', 'seu', 'sua', 'seus', 'suas'],
]);

interface TextWord {
  start: number;
  end: number;
  folded: string;
  stem: string;
}

function wordsOf(text: string): TextWord[] {
  return Array.from(text.matchAll(WORD), (found) => {
    const folded = foldText(found[0]);
    return {
      start: found.index,
      end: found.index + found[0].length,
      folded,
      stem: stemWord(folded),
    };
  });
}

/**
 * A word of the query. It matches the words with its stem; when no text has one, it is taken as a
 * word typed halfway and matches the words that begin with it ('cancelame' finds 'cancelamento').
 */
export interface QueryWord {
  folded: string;
  stem: string;
  byStem: boolean;
}

export interface SearchTerm {
  /** The query folded, with runs of spaces reduced to one; '' when nothing is searched. */
  folded: string;
  /** The words that must all be found; none when the query has only stop words. */
  words: readonly QueryWord[];
}

/** The term for `query` over all the `texts` searched (which decide each word's fallback). */
export function searchTerm(query: string, texts: readonly string[] = []): SearchTerm {
  const folded = foldText(query.trim()).replace(/\s+/g, ' ');
  const typed = new Set(Array.from(folded.matchAll(WORD), (found) => found[0]));
  const stems = new Set(texts.flatMap((text) => wordsOf(text).map((word) => word.stem)));
  const words = [...typed]
    .filter((word) => !STOP_WORDS.has(word))
    .map((word) => {
      const stem = stemWord(word);
      return { folded: word, stem, byStem: stems.has(stem) };
    });
  return { folded, words };
}

function isMatch(word: TextWord, query: QueryWord): boolean {
  return query.byStem ? word.stem === query.stem : word.folded.startsWith(query.folded);
}

/** Whether every word of the term is in one of `texts` (an entry's question and answer). */
export function matchesAll(texts: readonly string[], term: SearchTerm): boolean {
  const words = texts.flatMap(wordsOf);
  return term.words.every((query) => words.some((word) => isMatch(word, query)));
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits `text` into parts, the words matching any word of the term marked whole. */
export function splitMatches(text: string, term: SearchTerm): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const word of wordsOf(text)) {
    if (!term.words.some((query) => isMatch(word, query))) continue;
    if (word.start > cursor) parts.push({ text: text.slice(cursor, word.start), match: false });
    parts.push({ text: text.slice(word.start, word.end), match: true });
    cursor = word.end;
  }
  if (cursor < text.length || parts.length === 0) {
    parts.push({ text: text.slice(cursor), match: false });
  }
  return parts;
}
