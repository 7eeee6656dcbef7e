import { CATALOG_MESSAGES, type QuestionDetail } from '@gabarita/shared';
import { BookText, CircleSlash, History } from 'lucide-react';
import { Notice } from '@/components/ui/notice';
import { FigureImage } from './figure-image';
import { RichHtml } from './rich-html';

function ReferenceTexts({
  texts,
  figures,
  headingLevel,
}: {
  texts: QuestionDetail['referenceTexts'];
  figures: QuestionDetail['figures'];
  headingLevel: HeadingLevel;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-label="Texto de referência"
      className="rounded-2xl border border-accent-200 bg-accent-soft p-5 sm:p-6 dark:border-accent-900/70"
    >
      <Heading className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-accent-ink">
        <BookText className="size-4" aria-hidden="true" />
        {texts.length > 1 ? 'Textos de referência' : 'Texto de referência'}
      </Heading>
      {/* A long text scrolls inside its box; keyboard users must be able to scroll it too. */}
      <div
        role="region"
        tabIndex={0}
        aria-label="Conteúdo do texto de referência"
        className="mt-3 max-h-[28rem] space-y-4 overflow-y-auto rounded-md pr-1 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {texts.map((text, index) => (
          <div
            key={text.key}
            className={index > 0 ? 'border-t border-accent-200 pt-4 dark:border-accent-900/70' : ''}
          >
            <RichHtml html={text.html} figures={figures} />
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * Annulled and outdated questions say so before the statement (docs/product-rules.md, "Annulled
 * and outdated questions").
 */
function StatusNotice({ question }: { question: QuestionDetail }) {
  if (question.status === 'regular') return null;
  const annulled = question.status === 'annulled';
  const Icon = annulled ? CircleSlash : History;
  return (
    <div
      role="note"
      aria-label={annulled ? CATALOG_MESSAGES.annulledTitle : CATALOG_MESSAGES.outdatedTitle}
      className={`mb-5 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm leading-6 ${
        annulled
          ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-100'
          : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800/80 dark:bg-amber-950/40 dark:text-amber-100'
      }`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">
          {annulled ? CATALOG_MESSAGES.annulledTitle : CATALOG_MESSAGES.outdatedTitle}
        </p>
        {question.statusNote ? (
          <p className="mt-0.5">{question.statusNote}</p>
        ) : (
          !annulled && <p className="mt-0.5">{CATALOG_MESSAGES.outdatedText}</p>
        )}
        <p className="mt-0.5 opacity-90">
          {annulled ? CATALOG_MESSAGES.annulledText : CATALOG_MESSAGES.outdatedKey}
        </p>
      </div>
    </div>
  );
}

/**
 * A question a re-import took out of the catalogue, opened from the history, the notebook or a
 * simulado (docs/product-rules.md, "Retired questions").
 */
export function RetiredNotice() {
  return (
    <Notice tone="info" className="mb-5">
      <p className="font-semibold">{CATALOG_MESSAGES.retiredTitle}</p>
      <p className="mt-0.5">{CATALOG_MESSAGES.retiredText}</p>
    </Notice>
  );
}

type HeadingLevel = 2 | 3 | 4;

/**
 * The reference texts (above the question card) are rendered apart: see QuestionView. Their heading
 * is an h2 on the viewer; a page that shows the question inside a section gives the level that fits.
 */
export function QuestionReferenceTexts({
  question,
  headingLevel = 2,
}: {
  question: QuestionDetail;
  headingLevel?: HeadingLevel;
}) {
  return question.referenceTexts.length > 0 ? (
    <ReferenceTexts
      texts={question.referenceTexts}
      figures={question.figures}
      headingLevel={headingLevel}
    />
  ) : null;
}

/** The state notice, the statement with its figures in place, and a format-1 image after it. */
export function QuestionStatement({ question }: { question: QuestionDetail }) {
  const legacy = question.image;
  const legacyFigure =
    legacy && question.figures.find((figure) => figure.assetId === legacy.assetId);
  return (
    <section aria-label="Enunciado">
      {question.retired && <RetiredNotice />}
      <StatusNotice question={question} />
      <RichHtml html={question.statementHtml} figures={question.figures} />
      {legacy && (
        <FigureImage
          figure={
            legacyFigure ?? {
              assetId: legacy.assetId,
              url: legacy.url,
              zoomUrl: null,
              width: null,
              height: null,
              minWidth: null,
            }
          }
          description={legacy.description}
          className="mt-5 mb-4"
        />
      )}
    </section>
  );
}
