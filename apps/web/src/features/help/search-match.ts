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

/** Splits `text` into matching and non-matching parts for a folded term ('' = no highlight). */
export function splitMatches(text: string, foldedTerm: string): TextPart[] {
  if (!foldedTerm) return [{ text, match: false }];
  const { folded, origin } = foldWithMap(text);
  const parts: TextPart[] = [];
  let cursor = 0;
  let from = folded.indexOf(foldedTerm);
  while (from !== -1) {
    const start = origin[from] ?? text.length;
    const end = origin[from + foldedTerm.length] ?? text.length;
    if (start > cursor) parts.push({ text: text.slice(cursor, start), match: false });
    if (end > start) parts.push({ text: text.slice(start, end), match: true });
    cursor = end;
    from = folded.indexOf(foldedTerm, from + foldedTerm.length);
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}

/** Whether any of `texts` contains the folded term. */
export function matchesAny(texts: readonly string[], foldedTerm: string): boolean {
  if (!foldedTerm) return true;
  return texts.some((text) => foldWithMap(text).folded.includes(foldedTerm));
}
