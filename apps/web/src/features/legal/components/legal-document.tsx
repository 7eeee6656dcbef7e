import { CalendarDays, ListOrdered } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page';

export interface LegalSection {
  /** Anchor of the section, used by the table of contents. */
  id: string;
  title: ReactNode;
  content: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** Written date, e.g. '2 de outubro de 2025'. */
  updatedOn: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Body copy of the legal texts: readable measure, spacing and lists without per-element classes. */
const PROSE =
  'max-w-[70ch] text-[15px] leading-7 text-ink-muted [&_a]:font-medium [&_a]:text-primary-ink [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:decoration-2 [&_li]:pl-1 [&_li+li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p+p]:mt-3 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ul+p]:mt-3 [&_ol+p]:mt-3';

function TableOfContents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <Card as="nav" padding="none" aria-labelledby="sumario" className="p-5 lg:sticky lg:top-24">
      <h2
        id="sumario"
        className="flex items-center gap-2 text-xs font-semibold tracking-wide text-ink-muted uppercase"
      >
        <ListOrdered className="size-4" aria-hidden="true" />
        Nesta página
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex gap-2 rounded-md px-2 py-1.5 text-ink-muted transition-colors hover:bg-surface-muted hover:text-ink"
            >
              <span className="w-5 shrink-0 tabular-nums text-ink-muted/80">{index + 1}.</span>
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** A legal text: title, date, table of contents with anchors and numbered sections. */
export function LegalDocument({ title, updatedOn, intro, sections }: LegalDocumentProps) {
  return (
    <article aria-labelledby="page-title">
      <header className="mb-8">
        <PageTitle>{title}</PageTitle>
        <p className="mt-3 inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-ink-muted">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          Última atualização: {updatedOn}
        </p>
        <div className={`mt-5 ${PROSE}`}>{intro}</div>
      </header>

      <div className="grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside className="lg:order-none">
          <TableOfContents sections={sections} />
        </aside>
        <div className="space-y-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-titulo`}
              className="scroll-mt-24"
            >
              <h2
                id={`${section.id}-titulo`}
                className="text-lg font-semibold tracking-tight text-ink sm:text-xl"
              >
                <span className="mr-2 text-primary-ink tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <div className={`mt-3 ${PROSE}`}>{section.content}</div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
