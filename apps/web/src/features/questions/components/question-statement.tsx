import type { QuestionDetail } from '@gabarita/shared';
import { BookText } from 'lucide-react';
import { RichHtml } from './rich-html';

function ReferenceTexts({ texts }: { texts: QuestionDetail['referenceTexts'] }) {
  return (
    <section
      aria-label="Texto de referência"
      className="rounded-2xl border border-accent-200 bg-accent-soft p-5 sm:p-6 dark:border-accent-900/70"
    >
      <h2 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-accent-ink">
        <BookText className="size-4" aria-hidden="true" />
        {texts.length > 1 ? 'Textos de referência' : 'Texto de referência'}
      </h2>
      {/* A long text scrolls inside its box; keyboard users must be able to scroll it too. */}
      <div
        tabIndex={0}
        aria-label="Conteúdo do texto de referência"
        className="mt-3 max-h-[28rem] space-y-4 overflow-y-auto rounded-md pr-1 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {texts.map((text, index) => (
          <div
            key={text.key}
            className={index > 0 ? 'border-t border-accent-200 pt-4 dark:border-accent-900/70' : ''}
          >
            <RichHtml html={text.html} />
          </div>
        ))}
      </div>
    </section>
  );
}

function QuestionImage({ image }: { image: NonNullable<QuestionDetail['image']> }) {
  return (
    <figure className="mt-5">
      <img
        src={image.url}
        alt={image.description}
        className="mx-auto max-h-[28rem] w-auto max-w-full rounded-lg border border-line bg-white object-contain"
      />
      <figcaption className="mt-2 text-sm text-ink-muted">
        <details>
          <summary className="cursor-pointer select-none font-medium text-ink-muted hover:text-ink">
            Descrição da imagem
          </summary>
          <p className="mt-1 leading-6">{image.description}</p>
        </details>
      </figcaption>
    </figure>
  );
}

/** The reference texts (above the question card) are rendered apart: see QuestionView. */
export function QuestionReferenceTexts({ question }: { question: QuestionDetail }) {
  return question.referenceTexts.length > 0 ? (
    <ReferenceTexts texts={question.referenceTexts} />
  ) : null;
}

/** The statement and its image. */
export function QuestionStatement({ question }: { question: QuestionDetail }) {
  return (
    <section aria-label="Enunciado">
      <RichHtml html={question.statementHtml} />
      {question.image && <QuestionImage image={question.image} />}
    </section>
  );
}
