import type { SearchTerm } from '../search-match';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cardClasses } from '@/components/ui/card';
import type { FaqBlock, FaqCategory, FaqEntry } from '../faq-content';
import { HighlightedText } from './highlighted-text';

function AnswerBlock({ block, term }: { block: FaqBlock; term: SearchTerm }) {
  if (typeof block === 'string') {
    return (
      <p>
        <HighlightedText text={block} term={term} />
      </p>
    );
  }
  const ordered = 'steps' in block;
  const lines = ordered ? block.steps : block.items;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List
      className={`space-y-1.5 pl-5 ${ordered ? 'list-decimal' : 'list-disc'} marker:text-ink-muted`}
    >
      {lines.map((line) => (
        <li key={line} className="pl-1">
          <HighlightedText text={line} term={term} />
        </li>
      ))}
    </List>
  );
}

interface FaqItemProps {
  entry: FaqEntry;
  term: SearchTerm;
  open: boolean;
  onToggle: () => void;
}

function FaqItem({ entry, term, open, onToggle }: FaqItemProps) {
  const buttonId = useId();
  const panelId = useId();
  return (
    <li>
      <h3>
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-start justify-between gap-4 px-5 py-4 text-left text-[15px] font-medium text-ink transition-colors hover:bg-surface-muted/60 sm:px-6"
        >
          <span className="min-w-0">
            <HighlightedText text={entry.question} term={term} />
          </span>
          <ChevronDown
            className={`mt-0.5 size-5 shrink-0 text-ink-muted transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className="space-y-3 px-5 pb-5 text-sm leading-6 text-ink-muted sm:px-6"
      >
        {entry.answer.map((block, index) => (
          <AnswerBlock key={index} block={block} term={term} />
        ))}
      </div>
    </li>
  );
}

interface FaqListProps {
  categories: readonly FaqCategory[];
  term: SearchTerm;
  openId: string | null;
  onToggle: (id: string) => void;
}

/** The FAQ by category; one accordion across all categories, so only one answer is open. */
export function FaqList({ categories, term, openId, onToggle }: FaqListProps) {
  return (
    <div className="space-y-6">
      {categories.map((category) => {
        const Icon = category.icon;
        const headingId = `faq-${category.id}`;
        return (
          <section key={category.id} aria-labelledby={headingId}>
            <h2
              id={headingId}
              className="mb-3 flex items-center gap-2.5 text-base font-semibold text-ink"
            >
              <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              {category.title}
            </h2>
            <ul
              className={cardClasses({
                padding: 'none',
                className: 'divide-y divide-line overflow-hidden',
              })}
            >
              {category.entries.map((entry) => (
                <FaqItem
                  key={entry.id}
                  entry={entry}
                  term={term}
                  open={openId === entry.id}
                  onToggle={() => onToggle(entry.id)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
