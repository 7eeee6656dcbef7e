import {
  COMMENTARY_SOURCE_LABELS,
  STUDY_TOOLS_MESSAGES,
  type CommentarySource,
  type QuestionCommentaryResponse,
  PATHS,
} from '@gabarita/shared';
import { BookOpenCheck, Crown, ExternalLink, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDay } from '@/lib/formatters';
import type { CheckedAnswer } from '@/domain/questions/alternatives-group';
import { useQuestionCommentary } from '@/domain/questions/question-queries';
import { RichHtml } from '@/domain/questions/rich-html';

type Reason = Extract<QuestionCommentaryResponse, { available: true }>['reasons'][number];

/** The chosen alternative first, then the right one (when another), then the rest in order. */
function reasonsInReadingOrder(reasons: readonly Reason[], answer: CheckedAnswer) {
  const rank = (letter: string) =>
    letter === answer.chosenLetter ? 0 : letter === answer.gabarito ? 1 : 2;
  return [...reasons].sort((a, b) => rank(a.letter) - rank(b.letter));
}

function verdictOf(letter: string, answer: CheckedAnswer) {
  if (letter === answer.gabarito)
    return { text: 'correta', className: 'text-emerald-700 dark:text-emerald-400' };
  return { text: 'incorreta', className: 'text-red-700 dark:text-red-400' };
}

function SourceItem({ source }: { source: CommentarySource }) {
  return (
    <li className="flex gap-2">
      <Scale className="mt-1 size-4 shrink-0 text-ink-muted" aria-hidden="true" />
      <span>
        <span className="font-medium text-ink">{COMMENTARY_SOURCE_LABELS[source.kind]}:</span>{' '}
        {source.url ? (
          <a
            href={source.url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-baseline gap-1 text-primary-ink underline underline-offset-2"
          >
            {source.reference}
            <ExternalLink className="size-3.5 self-center" aria-hidden="true" />
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        ) : (
          source.reference
        )}
      </span>
    </li>
  );
}

/**
 * A checked question the team has not commented yet (docs/product-rules.md, "Authored comments"):
 * it says so, with what there is instead (the key and how the users answered) and the way to ask
 * for the comment. Nothing offers an explanation the tutor could not give.
 */
function MissingCommentary({
  headingId,
  answer,
  crowd,
  request,
}: {
  headingId: string;
  answer: CheckedAnswer;
  crowd: ReactNode;
  request: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-ink">
          <BookOpenCheck className="size-5 text-ink-muted" aria-hidden="true" />
          {STUDY_TOOLS_MESSAGES.commentaryTitle}
        </h2>
        <p className="mt-3 text-sm leading-6 text-ink">{STUDY_TOOLS_MESSAGES.commentaryMissing}</p>
        <p className="mt-2 text-sm font-semibold text-ink">
          {STUDY_TOOLS_MESSAGES.commentaryMissingKey} {answer.gabarito}
        </p>
        {crowd}
        {request ? (
          <div className="mt-4 border-t border-line pt-4">
            <p className="mb-3 text-sm leading-6 text-ink-muted">
              {STUDY_TOOLS_MESSAGES.commentaryMissingAsk}
            </p>
            {request}
          </div>
        ) : null}
      </section>
    </Card>
  );
}

/**
 * After a check, the team's comment (docs/product-rules.md, "Authored comments"): the summary for
 * everyone; the reason of each alternative (the chosen and the right one first) and the basis with
 * the tutor's access, and otherwise what is behind it and the way to the plans.
 */
export function QuestionCommentary({
  questionId,
  answer,
  crowd,
  request,
}: {
  questionId: string;
  answer: CheckedAnswer | null;
  /** How the users answered: shown here, with the key, when there is no comment. */
  crowd?: ReactNode;
  /** The way to ask the team for the comment, when there is none. */
  request?: ReactNode;
}) {
  const commentary = useQuestionCommentary(questionId, answer !== null);
  const location = useLocation();
  if (!answer) return null;
  if (commentary.isError) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        {STUDY_TOOLS_MESSAGES.commentaryLoadFailed}
      </p>
    );
  }
  const data = commentary.data;
  if (!data) return null;
  const headingId = `comentario-${questionId}`;

  if (!data.available) {
    return (
      <MissingCommentary headingId={headingId} answer={answer} crowd={crowd} request={request} />
    );
  }

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-ink">
          <BookOpenCheck className="size-5 text-primary-ink" aria-hidden="true" />
          {STUDY_TOOLS_MESSAGES.commentaryTitle}
        </h2>
        <RichHtml html={data.summaryHtml} className="mt-3 text-ink" zoomable={false} />

        {data.locked ? (
          <div className="mt-4 rounded-xl border border-accent-200 bg-accent-soft/60 p-4 text-sm leading-6 text-ink dark:border-accent-900/70">
            <p>{STUDY_TOOLS_MESSAGES.commentaryLocked}</p>
            <Link
              to={PATHS.plans.path}
              state={{ returnTo: `${location.pathname}${location.search}` }}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
            >
              <Crown className="size-4" aria-hidden="true" />
              Ver planos
            </Link>
          </div>
        ) : (
          <>
            <ul className="mt-4 space-y-3">
              {reasonsInReadingOrder(data.reasons, answer).map((reason) => {
                const verdict = verdictOf(reason.letter, answer);
                return (
                  <li key={reason.letter} className="rounded-xl border border-line p-3 sm:p-4">
                    <p className="text-sm font-semibold text-ink">
                      Alternativa {reason.letter}{' '}
                      <span className={verdict.className}>({verdict.text})</span>
                      {reason.letter === answer.chosenLetter ? (
                        <span className="font-normal text-ink-muted"> · sua resposta</span>
                      ) : null}
                    </p>
                    <RichHtml
                      html={reason.html}
                      className="mt-1 text-sm leading-6 text-ink"
                      zoomable={false}
                    />
                  </li>
                );
              })}
            </ul>
            {data.sources.length > 0 ? (
              <div className="mt-4">
                <h3 className="text-sm font-semibold text-ink">
                  {STUDY_TOOLS_MESSAGES.commentarySources}
                </h3>
                <ul className="mt-2 space-y-1.5 text-sm leading-6 text-ink-muted">
                  {data.sources.map((source) => (
                    <SourceItem key={`${source.kind}:${source.reference}`} source={source} />
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        )}
        {data.author.name ? (
          <p className="mt-4 text-xs text-ink-muted">
            Comentário de {data.author.name}
            {data.author.reviewedOn ? `, revisado em ${formatDay(data.author.reviewedOn)}` : ''}.
          </p>
        ) : null}
      </section>
    </Card>
  );
}
