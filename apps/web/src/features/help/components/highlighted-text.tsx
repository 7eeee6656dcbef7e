import { splitMatches, type SearchTerm } from '../search-match';

/** `text` with the parts matching the (folded) search term wrapped in <mark>. */
export function HighlightedText({ text, term }: { text: string; term: SearchTerm }) {
  const parts = splitMatches(text, term);
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <mark
            key={index}
            className="rounded-sm bg-accent-200 px-0.5 text-inherit dark:bg-accent-500/30 dark:text-accent-100"
          >
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
