const WORD = /[\p{L}\p{N}]/u;
const isWord = (char: string | undefined) => char !== undefined && WORD.test(char);

/**
 * The search text rewritten to a form PostgreSQL's `websearch_to_tsquery` always accepts: words and
 * quoted phrases, each negated at most once (`-palavra`), separated by single spaces. The parser
 * takes a dash after anything but a letter or digit as a negation, skips terms with nothing to
 * search and gives their negations to the next term, so `------palavra`, `- - - palavra` or
 * `-!! -!! palavra` nest one NOT in another until its stack gives out. Here a dash inside a word
 * stays (bem-estar), one before a term negates it once, and terms without a letter or digit go.
 */
export function canonicalSearchText(text: string): string {
  const marked = text.replace(/-+/g, (run, at: number) => {
    const before = text[at - 1];
    const after = text[at + run.length];
    if (isWord(before) && isWord(after)) return run;
    return !isWord(before) && (isWord(after) || after === '"') ? ' -' : ' ';
  });
  const items: string[] = [];
  let at = 0;
  while (at < marked.length) {
    let negated = false;
    while (at < marked.length && /[\s-]/.test(marked[at]!)) {
      if (marked[at] === '-') negated = true;
      at += 1;
    }
    if (at >= marked.length) break;
    let term: string;
    if (marked[at] === '"') {
      const end = marked.indexOf('"', at + 1);
      const phrase = marked.slice(at + 1, end === -1 ? undefined : end).trim();
      at = end === -1 ? marked.length : end + 1;
      term = `"${phrase.replace(/\s+/g, ' ')}"`;
    } else {
      term = /^[^\s"]+/.exec(marked.slice(at))![0];
      at += term.length;
    }
    if (WORD.test(term)) items.push(negated ? `-${term}` : term);
  }
  return items.join(' ');
}
