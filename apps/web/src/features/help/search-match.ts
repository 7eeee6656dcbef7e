/**
 * Accent- and case-insensitive matching that also says where the match is in the original text,
 * so the help centre can highlight 'Cancelamento' when someone types 'CANCELAMENTO' or 'cancelámento'.
 */

const DIACRITICS = /\p{Diacritic}/gu;

function foldChar(char: string): string {
  return char.normalize('NFD').replace(DIACRITICS, '').toLocaleLowerCase('pt-BR');
}

/** The search term as it is compared: folded, with inner runs of spaces reduced to one. */
export function foldTerm(term: string): string {
  return foldChar(term.trim()).replace(/\s+/g, ' ');
}

/** Folds `text` character by character, remembering which original character each came from. */
function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldChar(char);
    for (let k = 0; k < piece.length; k += 1) origin.push(index);
    folded += piece;
    index += char.length;
  }
  origin.push(index);
  return { folded, origin };
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** A folded term and whether it must match whole words (else word beginnings). */
export interface SearchTerm {
  folded: string;
  wholeWords: boolean;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

function isWordChar(char: string): boolean {
  return char !== '' && WORD_CHAR.test(char);
}

/** The next place from `from` where the term starts a word (and, for whole words, ends one). */
function findWord(folded: string, term: SearchTerm, from: number): number {
  let at = folded.indexOf(term.folded, from);
  while (at !== -1) {
    const startsWord = at === 0 || !isWordChar(folded.charAt(at - 1));
    const endsWord = !isWordChar(folded.charAt(at + term.folded.length));
    if (startsWord && (endsWord || !term.wholeWords)) return at;
    at = folded.indexOf(term.folded, at + 1);
  }
  return -1;
}

/**
 * The help centre matches whole words ('pix' finds 'PIX', not 'pixels'); when no text has the
 * term as a whole word, it matches word beginnings, so a word typed halfway ('cancel') still finds
 * 'cancelamento'.
 */
export function searchTerm(query: string, texts: readonly string[]): SearchTerm {
  const folded = foldTerm(query);
  const whole: SearchTerm = { folded, wholeWords: true };
  if (!folded || texts.some((text) => matches(text, whole))) return whole;
  return { folded, wholeWords: false };
}

function matches(text: string, term: SearchTerm): boolean {
  return findWord(foldWithMap(text).folded, term, 0) !== -1;
}

/** Splits `text` into matching and non-matching parts for a term ('' = no highlight). */
export function splitMatches(text: string, term: SearchTerm): TextPart[] {
  const foldedTerm = term.folded;
  if (!foldedTerm) return [{ text, match: false }];
  const { folded, origin } = foldWithMap(text);
  const parts: TextPart[] = [];
  let cursor = 0;
  let from = findWord(folded, term, 0);
  while (from !== -1) {
    const start = origin[from] ?? text.length;
    const end = origin[from + foldedTerm.length] ?? text.length;
    if (start > cursor) parts.push({ text: text.slice(cursor, start), match: false });
    if (end > start) parts.push({ text: text.slice(start, end), match: true });
    cursor = end;
    from = findWord(folded, term, from + foldedTerm.length);
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}

/** Whether any of `texts` contains the term. */
export function matchesAny(texts: readonly string[], term: SearchTerm): boolean {
  if (!term.folded) return true;
  return texts.some((text) => matches(text, term));
}
