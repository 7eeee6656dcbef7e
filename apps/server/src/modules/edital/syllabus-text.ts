/**
 * Text helpers of the syllabus parser: cleaning what a PDF or a copy-paste leaves, and folding
 * accents for comparisons. Pure functions, no I/O.
 */

/** Lower case without accents, for comparing names ("LÍNGUA" and "lingua" fold alike). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Line endings, odd spaces, soft and broken hyphens: `adminis-\ntrativo` becomes `administrativo`
 * (a hyphen at a line's end between two letters is the PDF's, not the word's, when the next line
 * goes on in the same case). Lines are trimmed and runs of spaces and of blank lines collapsed.
 */
export function cleanSyllabusText(raw: string): string {
  let text = raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\u2028|\u2029/g, '\n');
  text = text
    .replace(/(\p{Ll})[-\u2010\u2011] *\n *(\p{Ll})/gu, '$1$2')
    .replace(/(\p{Lu}\p{Lu})[-\u2010\u2011] *\n *(\p{Lu}\p{Lu})/gu, '$1$2');
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Collapses the spaces and line breaks inside one item's text. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const ABBREVIATIONS = new Set(
  [
    'n',
    'no',
    'nº',
    'nos',
    'nºs',
    'art',
    'arts',
    'inc',
    'incs',
    'par',
    'al',
    'cap',
    'caps',
    'tit',
    'ed',
    'eds',
    'p',
    'pp',
    'pág',
    'págs',
    'v',
    'vol',
    'vols',
    'org',
    'orgs',
    'coord',
    'trad',
    'rev',
    'atual',
    'ampl',
    'reimpr',
    'sr',
    'sra',
    'dr',
    'dra',
    'prof',
    'profa',
    'ltda',
    'cia',
    'ex',
    'obs',
    'fl',
    'fls',
    'séc',
    'jr',
    'min',
    'máx',
    'aprox',
    'cf',
    'op',
    'cit',
    'ibid',
    'dec',
    'res',
    'port',
    'const',
    'lc',
    'mp',
    'emenda',
    'sec',
    'a.c',
    'd.c',
    's.a',
    'ib',
    'id',
  ].map((word) => fold(word)),
);

/**
 * Whether the period ending `before` (the text up to, not including, a '.') closes an abbreviation
 * or an initial rather than a sentence: `nº.`, `arts.`, `ed.`, `p.`, `J.` must not end a topic.
 */
export function endsWithAbbreviation(before: string): boolean {
  const match = /([\p{L}º.]+)$/u.exec(before);
  if (!match) return false;
  const word = match[1]!;
  if (word.length === 1 && /\p{L}/u.test(word)) return true;
  return ABBREVIATIONS.has(fold(word)) || /^(\p{L}\.)+\p{L}$/u.test(word);
}

/**
 * Splits run-on text into sentences at '. ' (or a period and a line break) before a capital, a
 * digit or an opening quote, but not after an abbreviation (see endsWithAbbreviation). Decimal
 * numbers and dates never split since no space follows their period.
 */
export function splitSentences(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  const boundary = /\.(?=\s+["“'(\p{Lu}\d])/gu;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const before = text.slice(start, match.index);
    if (endsWithAbbreviation(before)) continue;
    parts.push(text.slice(start, match.index + 1));
    start = match.index + 1;
  }
  parts.push(text.slice(start));
  return parts.map(squash).filter((part) => part.length > 0);
}

/** Splits at `separator` outside parentheses and brackets: `Crase (uso; casos); Regência`. */
export function splitOutsideParentheses(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(' || char === '[') depth++;
    else if ((char === ')' || char === ']') && depth > 0) depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * An item's text as the edital wrote it, without the separator that ended it: a trailing ';', ','
 * or '.' goes (unless the period ends an abbreviation such as `etc.`), so does a leading `-`.
 */
export function cleanItemText(text: string): string {
  let result = squash(text).replace(/^[-–—•▪●◦*·]\s*/u, '');
  result = result.replace(/[\s;,:–—-]+$/u, '');
  if (
    result.endsWith('.') &&
    !/\betc\.$/iu.test(result) &&
    !endsWithAbbreviation(result.slice(0, -1))
  ) {
    result = result.slice(0, -1).trimEnd();
  }
  return result;
}
